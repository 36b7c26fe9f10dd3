import { getBase58Decoder, getBase64Decoder, isAddress, type Address, type EncodedAccount } from '@solana/kit';
import { z } from 'zod';
import type { ValidatorCore } from '../core.js';
import { invalidParams } from '../rpc-error.js';
import { decodeMint, parseTokenAccountData, tokenKindOf } from '../token/token-state.js';
import { addressSchema, commitmentConfig, parseParams, withContext, type MethodHandler } from './params.js';

export const accountConfig = commitmentConfig.extend({
  encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
  dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }).optional(),
});
export type AccountConfig = z.infer<typeof accountConfig>;

export function checkedAddress(value: string): Address {
  if (!isAddress(value)) throw invalidParams(`${value} is not a valid address`);
  return value;
}

/** The decimals of a mint, for a token account's jsonParsed amounts. */
export function decimalsOf(core: ValidatorCore, mint: Address): number | undefined {
  const account = core.svm.getAccount(mint);
  if (!account.exists || tokenKindOf(account.programAddress, account.data) !== 'mint') return undefined;
  return decodeMint(account.data).decimals;
}

function encodeData(core: ValidatorCore, account: EncodedAccount, config: AccountConfig | undefined) {
  const slice = config?.dataSlice;
  // jsonParsed ignores dataSlice (as Agave does) and falls back to base64 for what it cannot parse.
  if (config?.encoding === 'jsonParsed' && !slice) {
    const parsed = parseTokenAccountData(account.programAddress, account.data, (mint) => decimalsOf(core, mint));
    if (parsed) return parsed;
  }
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data;
  // zstd is not offered locally; base64 is what kit and wallets ask for.
  return config?.encoding === undefined || config.encoding === 'base58'
    ? getBase58Decoder().decode(data)
    : ([getBase64Decoder().decode(data), 'base64'] as const);
}

/**
 * An account in the RPC's UiAccount shape. Reads answer with the latest state at every commitment: one node
 * has no forks, so what landed is what a finalized read would eventually show. `rentEpoch` is reported as 0
 * because the real value (u64 max) does not fit a JSON number.
 */
export function encodeAccount(core: ValidatorCore, account: EncodedAccount, config: AccountConfig | undefined) {
  return {
    data: encodeData(core, account, config),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
}

function accountInfo(core: ValidatorCore, address: Address, config: AccountConfig | undefined) {
  const account = core.svm.getAccount(address);
  return account.exists ? encodeAccount(core, account, config) : null;
}

export function accountMethods(
  core: ValidatorCore,
  airdrop: (address: string, lamports: bigint) => Promise<string>,
): Record<string, MethodHandler> {
  return {
    getBalance: (params) => {
      const [address] = parseParams(z.tuple([addressSchema, commitmentConfig.optional()]), params);
      return withContext(core, core.svm.getBalance(checkedAddress(address)) ?? 0n);
    },
    getAccountInfo: (params) => {
      const [address, config] = parseParams(z.tuple([addressSchema, accountConfig.optional()]), params);
      return withContext(core, accountInfo(core, checkedAddress(address), config));
    },
    getMultipleAccounts: (params) => {
      const [addresses, config] = parseParams(
        z.tuple([z.array(addressSchema).max(100), accountConfig.optional()]),
        params,
      );
      return withContext(
        core,
        addresses.map((a) => accountInfo(core, checkedAddress(a), config)),
      );
    },
    requestAirdrop: (params) => {
      const [address, amount] = parseParams(
        z.tuple([addressSchema, z.number().int().positive(), commitmentConfig.optional()]),
        params,
      );
      return airdrop(checkedAddress(address), BigInt(amount));
    },
  };
}
