import { getBase58Decoder, getBase64Decoder, isAddress, type Address } from '@solana/kit';
import { z } from 'zod';
import type { ValidatorCore } from '../core.js';
import { invalidParams } from '../rpc-error.js';
import { addressSchema, commitmentConfig, parseParams, withContext, type MethodHandler } from './params.js';

const accountConfig = commitmentConfig.extend({
  encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
  dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }).optional(),
});
type AccountConfig = z.infer<typeof accountConfig>;

function checkedAddress(value: string): Address {
  if (!isAddress(value)) throw invalidParams(`${value} is not a valid address`);
  return value;
}

/**
 * Account reads answer with the latest state at every commitment: one node has no forks, so what landed is
 * what a finalized read would eventually show. `rentEpoch` is reported as 0 because the real value (u64 max)
 * does not fit a JSON number.
 */
function accountInfo(core: ValidatorCore, address: Address, config: AccountConfig | undefined) {
  const account = core.svm.getAccount(address);
  if (!account.exists) return null;
  const slice = config?.dataSlice;
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data;
  // zstd and parsed forms are not offered locally; base64 is what kit and wallets ask for.
  const encoded =
    config?.encoding === undefined || config.encoding === 'base58'
      ? getBase58Decoder().decode(data)
      : ([getBase64Decoder().decode(data), 'base64'] as const);
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
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
