import { getBase58Decoder, lamports, type Address, type EncodedAccount } from '@solana/kit';
import { MAX_AIRDROP_SOL } from '@shared/api/chain';
import { addressBytes, encodeBase58 } from '@shared/keys/base58';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { z } from 'zod';
import type { ValidatorCore } from '../core';
import type { EncodeBudget } from '../encode-budget';
import { base58TooLarge, MAX_BASE58_BYTES } from '../encode-budget';
import { invalidParams } from '../rpc-error';
import { decodeMint, parseTokenAccountData, tokenKindOf } from '../token/token-state';
import { addressSchema, commitmentConfig, parseParams, withContext, type MethodHandler } from './params';

export const accountConfig = commitmentConfig.extend({
  encoding: z.enum(['base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
  dataSlice: z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() }).optional(),
});
export type AccountConfig = z.infer<typeof accountConfig>;

export function checkedAddress(value: string): Address {
  checkedAddressBytes(value);
  return value as Address;
}

function checkedAddressBytes(value: string): Uint8Array {
  const bytes = addressBytes(value);
  if (!bytes) throw invalidParams(`${value} is not a valid address`);
  return bytes;
}

/** What LiteSVM's native binding answers for an account (its `inner.getAccount`). */
interface NativeAccount {
  data(): Uint8Array;
  executable(): boolean;
  lamports(): bigint;
  owner(): Uint8Array;
}
interface NativeSvm {
  getAccount(address: Uint8Array): NativeAccount | null;
}

/**
 * The account at an address, looked up by the bytes we already decoded. LiteSVM's public `getAccount` takes the
 * base58 text and decodes it twice more (kit's address codec validates, then encodes): 19 µs of its 21 µs per
 * address, 2.8 s of the server's main thread for the safety check of a 100,000-row bulk upload, where most
 * addresses have no account. Its native lookup takes the bytes; this mirrors the small wrapper it skips, and
 * accounts.test.ts keeps the two answers equal.
 */
export function accountAt(core: ValidatorCore, address: string): (EncodedAccount & { exists: true }) | null {
  const bytes = checkedAddressBytes(address);
  const native = (core.svm as unknown as { inner?: NativeSvm }).inner;
  if (typeof native?.getAccount !== 'function') {
    const account = core.svm.getAccount(address as Address);
    return account.exists ? account : null;
  }
  const found = native.getAccount(bytes);
  if (!found) return null;
  const data = found.data();
  return {
    exists: true,
    address: address as Address,
    executable: found.executable(),
    lamports: lamports(found.lamports()),
    programAddress: encodeBase58(found.owner()) as Address,
    space: BigInt(data.length),
    data,
  };
}

/** The decimals of a mint, for a token account's jsonParsed amounts. */
export function decimalsOf(core: ValidatorCore, mint: Address): number | undefined {
  const account = core.svm.getAccount(mint);
  if (!account.exists || tokenKindOf(account.programAddress, account.data) !== 'mint') return undefined;
  return decodeMint(account.data).decimals;
}

/** How many bytes of `dataLength` an encoding puts out: all of them, or what dataSlice keeps. */
function encodedLength(dataLength: number, config: AccountConfig | undefined): number {
  const slice = config?.encoding === 'jsonParsed' ? undefined : config?.dataSlice;
  return slice ? Math.max(0, Math.min(slice.length, dataLength - slice.offset)) : dataLength;
}

/**
 * Refuses what a read may not encode, before any of it is encoded: base58 of more than 128 bytes (its cost grows
 * with the square of the length: 32 KB blocked the process for seconds; Agave refuses it too), and more bytes than
 * the request's budget.
 */
function chargeEncoding(dataLength: number, config: AccountConfig | undefined, budget: EncodeBudget): void {
  const length = encodedLength(dataLength, config);
  if ((config?.encoding === undefined || config.encoding === 'base58') && length > MAX_BASE58_BYTES) {
    throw base58TooLarge();
  }
  budget.charge(length);
}

function encodeData(core: ValidatorCore, account: EncodedAccount, config: AccountConfig | undefined) {
  const slice = config?.dataSlice;
  // jsonParsed ignores dataSlice (as Agave does) and falls back to base64 for what it cannot parse.
  if (config?.encoding === 'jsonParsed' && !slice) {
    const parsed = parseTokenAccountData(account.programAddress, account.data, (mint) => decimalsOf(core, mint));
    if (parsed) return parsed;
  }
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data;
  if (config?.encoding === undefined || config.encoding === 'base58') return getBase58Decoder().decode(data);
  // zstd is not offered locally; base64 is what kit and wallets ask for. Buffer's encoder is native.
  return [Buffer.from(data.buffer, data.byteOffset, data.length).toString('base64'), 'base64'] as const;
}

/**
 * The data length of an account the chain has persisted, from its base64 without decoding it; undefined for what
 * it does not hold (builtins, programs, absent accounts).
 */
function storedDataLength(core: ValidatorCore, address: string): number | undefined {
  const data = core.accounts.get(address)?.data;
  if (data === undefined) return undefined;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/**
 * An account in the RPC's UiAccount shape. Reads answer with the latest state at every commitment: one node
 * has no forks, so what landed is what a finalized read would eventually show. `rentEpoch` is reported as 0
 * because the real value (u64 max) does not fit a JSON number. Refuses (RpcError) base58 of more than 128 bytes,
 * as Agave does, and more bytes than the request's budget.
 */
export function encodeAccount(
  core: ValidatorCore,
  account: EncodedAccount,
  config: AccountConfig | undefined,
  budget: EncodeBudget | 'charged',
) {
  if (budget !== 'charged') chargeEncoding(account.data.length, config, budget);
  return {
    data: encodeData(core, account, config),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: 0,
    space: account.data.length,
  };
}

function accountInfo(core: ValidatorCore, address: string, config: AccountConfig | undefined, budget: EncodeBudget) {
  // Charged before the account is read where its size is known: reading copies its data out of LiteSVM (1.5 ms per
  // MiB), and a batch of 100 reads of an account the budget no longer covers must not copy it 100 times.
  const known = storedDataLength(core, address);
  if (known !== undefined) chargeEncoding(known, config, budget);
  const account = accountAt(core, address);
  return account ? encodeAccount(core, account, config, known === undefined ? budget : 'charged') : null;
}

/**
 * The JSON-RPC faucet gives at most what /api/dev/airdrop gives per call: the rate limit counts calls, so an
 * uncapped amount would let one call mint any sum. (The server's own `validator.airdrop` is not capped here.)
 */
const MAX_RPC_AIRDROP = MAX_AIRDROP_SOL * Number(LAMPORTS_PER_SOL);

export function accountMethods(
  core: ValidatorCore,
  airdrop: (address: string, lamports: bigint) => Promise<string>,
): Record<string, MethodHandler> {
  return {
    getBalance: (params) => {
      const [address] = parseParams(z.tuple([addressSchema, commitmentConfig.optional()]), params);
      return withContext(core, core.svm.getBalance(checkedAddress(address)) ?? 0n);
    },
    getAccountInfo: (params, { budget }) => {
      const [address, config] = parseParams(z.tuple([addressSchema, accountConfig.optional()]), params);
      return withContext(core, accountInfo(core, address, config, budget));
    },
    getMultipleAccounts: (params, { budget }) => {
      const [addresses, config] = parseParams(
        z.tuple([z.array(addressSchema).max(100), accountConfig.optional()]),
        params,
      );
      return withContext(
        core,
        addresses.map((a) => accountInfo(core, a, config, budget)),
      );
    },
    requestAirdrop: (params) => {
      const [address, amount] = parseParams(
        z.tuple([addressSchema, z.number().int().positive().max(MAX_RPC_AIRDROP), commitmentConfig.optional()]),
        params,
      );
      return airdrop(checkedAddress(address), BigInt(amount));
    },
  };
}
