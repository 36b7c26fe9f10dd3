import { getBase58Decoder, lamports, type Address, type EncodedAccount } from '@solana/kit';
import { MAX_AIRDROP_SOL } from '@shared/api/chain';
import { addressBytes, encodeBase58 } from '@shared/keys/base58';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { z } from 'zod';
import type { ValidatorCore } from '../core';
import type { StoredAccount } from '../state-file';
import { TOKEN_PROGRAMS } from '../token/token-programs';
import type { EncodeBudget } from '../encode-budget';
import { Base64Data, LAZY_BASE64_BYTES } from '../encoded-data';
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
  const slice = config?.dataSlice;
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
  // zstd is not offered locally; base64 is what kit and wallets ask for. Buffer's encoder is native; large data is
  // encoded as the answer is written, a piece per turn of the event loop (encoded-data.ts).
  if (data.length >= LAZY_BASE64_BYTES) return [new Base64Data(data), 'base64'] as const;
  return [Buffer.from(data.buffer, data.byteOffset, data.length).toString('base64'), 'base64'] as const;
}

/** The data length of a persisted account, from its base64 without decoding it. */
function base64Length(text: string): number {
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** Bytes `[from, to)` of base64 text, decoding only the 4-character groups that hold them. */
function base64Range(text: string, from: number, to: number): Buffer {
  if (to <= from) return Buffer.alloc(0);
  const bytes = Buffer.from(text.slice(Math.floor(from / 3) * 4, Math.ceil(to / 3) * 4), 'base64');
  return bytes.subarray(from % 3, (from % 3) + (to - from));
}

/**
 * A persisted account (core.accounts holds every non-executable account a transaction wrote, exactly as LiteSVM
 * has it) answered from its stored base64, without copying its data out of LiteSVM: 1.5 ms per MiB, so 100 reads
 * of a 10 MiB account with a zero-length dataSlice held the process for seconds. Only the bytes answered are
 * decoded, and a whole base64 read answers the stored text as it is.
 */
function storedAccountInfo(core: ValidatorCore, stored: StoredAccount, config: AccountConfig | undefined) {
  const length = base64Length(stored.data);
  const slice = config?.dataSlice;
  const encoding = config?.encoding;
  const range = (from: number, to: number) => base64Range(stored.data, from, to);
  let data: unknown;
  if (encoding === 'jsonParsed' && !slice && TOKEN_PROGRAMS.has(stored.owner)) {
    data = parseTokenAccountData(stored.owner as Address, range(0, length), (mint) => decimalsOf(core, mint));
  }
  if (data === undefined) {
    const from = slice ? Math.min(slice.offset, length) : 0;
    const to = slice ? Math.min(length, from + slice.length) : length;
    if (encoding === undefined || encoding === 'base58') data = getBase58Decoder().decode(range(from, to));
    else if (from === 0 && to === length) {
      data = [length >= LAZY_BASE64_BYTES ? Base64Data.ofText(stored.data) : stored.data, 'base64'];
    } else {
      const bytes = range(from, to);
      data = [bytes.length >= LAZY_BASE64_BYTES ? new Base64Data(bytes) : bytes.toString('base64'), 'base64'];
    }
  }
  return {
    data,
    executable: stored.executable,
    lamports: BigInt(stored.lamports),
    owner: stored.owner,
    rentEpoch: 0,
    space: length,
  };
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
  const stored = core.accounts.get(checkedAddress(address));
  if (stored) {
    chargeEncoding(base64Length(stored.data), config, budget);
    return storedAccountInfo(core, stored, config);
  }
  const account = accountAt(core, address);
  return account ? encodeAccount(core, account, config, budget) : null;
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
