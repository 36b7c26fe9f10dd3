import { getAddressEncoder, type Address, type EncodedAccount } from '@solana/kit';
import { z } from 'zod';
import type { ValidatorCore } from '../core';
import type { EncodeBudget } from '../encode-budget';
import { RpcError, RpcErrorCode } from '../rpc-error';
import {
  decodeMint,
  decodeTokenAccount,
  TOKEN_ACCOUNT_DELEGATE_OFFSET,
  TOKEN_ACCOUNT_MINT_OFFSET,
  TOKEN_ACCOUNT_OWNER_OFFSET,
  tokenAccountKeyAt,
  tokenKindOf,
  uiTokenAmount,
} from '../token/token-state';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAMS } from '../token/token-programs';
import { accountConfig, checkedAddress, decimalsOf, encodeAccount } from './accounts';
import { addressSchema, commitmentConfig, parseParams, withContext, type MethodHandler } from './params';

// Agave's messages for these cases, word for word (clients show them to people).
const invalidParam = (detail: string) => new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid param: ${detail}`);

const tokenFilter = z.union([
  z.object({ mint: addressSchema }).strict(),
  z.object({ programId: addressSchema }).strict(),
]);
const byKeyParams = z.tuple([addressSchema, tokenFilter, accountConfig.optional()]);

/** Resolves a `{ mint }` or `{ programId }` filter to the token program to scan and an optional mint. */
function resolveFilter(core: ValidatorCore, filter: z.infer<typeof tokenFilter>): { program: Address; mint?: Address } {
  if ('programId' in filter) {
    const program = checkedAddress(filter.programId);
    if (!TOKEN_PROGRAMS.has(program)) throw invalidParam('unrecognized Token program id');
    return { program };
  }
  const mint = checkedAddress(filter.mint);
  const account = core.svm.getAccount(mint);
  if (!account.exists || tokenKindOf(account.programAddress, account.data) !== 'mint') {
    throw invalidParam('could not find mint');
  }
  return { program: account.programAddress, mint };
}

/**
 * getTokenAccountsByOwner / ByDelegate: every token account of the filter's program whose owner (or delegate)
 * is `key`, in the RPC's `{ pubkey, account }` list. A scan of the program's accounts: fine at dev-chain scale.
 */
function tokenAccountsBy(core: ValidatorCore, keyOffset: number, params: unknown, budget: EncodeBudget) {
  const [key, filter, config] = parseParams(byKeyParams, params);
  checkedAddress(key);
  const { program, mint } = resolveFilter(core, filter);
  const matches = (account: EncodedAccount) =>
    tokenKindOf(program, account.data) === 'account' &&
    tokenAccountKeyAt(account.data, keyOffset) === key &&
    (!mint || tokenAccountKeyAt(account.data, TOKEN_ACCOUNT_MINT_OFFSET) === mint);
  const value = core.svm
    .getProgramAccounts(program)
    .filter(matches)
    .map((account) => ({ pubkey: account.address, account: encodeAccount(core, account, config, budget) }));
  return withContext(core, value);
}

function tokenAccount(core: ValidatorCore, address: Address) {
  const account = core.svm.getAccount(address);
  if (!account.exists) throw invalidParam('could not find account');
  if (tokenKindOf(account.programAddress, account.data) !== 'account') throw invalidParam('not a Token account');
  return decodeTokenAccount(account.data);
}

/** Agave's NUM_LARGEST_ACCOUNTS. */
const LARGEST_ACCOUNTS = 20;

/**
 * A mint for getTokenLargestAccounts, refused as Agave's `get_mint_owner_and_additional_data` refuses it: the bytes
 * are unpacked as a mint first (Token-2022's layout rules, which include SPL Token's), the owner checked after.
 */
function largestAccountsMint(core: ValidatorCore, address: Address) {
  const account = core.svm.getAccount(address);
  if (!account.exists) throw invalidParam('could not find mint');
  const mint = tokenKindOf(TOKEN_2022_PROGRAM_ADDRESS, account.data) === 'mint' ? decodeMint(account.data) : null;
  if (!mint?.isInitialized) throw invalidParam('Token mint could not be unpacked');
  if (!TOKEN_PROGRAMS.has(account.programAddress)) throw invalidParam('not a Token mint');
  return { program: account.programAddress, decimals: mint.decimals };
}

/**
 * The mint's 20 largest token accounts, largest first; equal amounts in descending address order, as Agave's
 * max-heap of (amount, address) pops them.
 */
function largestAccounts(core: ValidatorCore, mint: Address) {
  const { program, decimals } = largestAccountsMint(core, mint);
  const bytes = getAddressEncoder();
  const holders = core.svm
    .getProgramAccounts(program)
    .filter(
      (account) =>
        tokenKindOf(program, account.data) === 'account' &&
        tokenAccountKeyAt(account.data, TOKEN_ACCOUNT_MINT_OFFSET) === mint,
    )
    .map((account) => ({ address: account.address, amount: decodeTokenAccount(account.data).amount }));
  holders.sort((a, b) => {
    if (a.amount !== b.amount) return a.amount > b.amount ? -1 : 1;
    return Buffer.compare(bytes.encode(b.address) as Uint8Array, bytes.encode(a.address) as Uint8Array);
  });
  return holders
    .slice(0, LARGEST_ACCOUNTS)
    .map(({ address, amount }) => ({ address, ...uiTokenAmount(amount, decimals) }));
}

/** The SPL Token reads wallets and explorers make (balances, supplies, largest holders, a wallet's token accounts). */
export function tokenMethods(core: ValidatorCore): Record<string, MethodHandler> {
  const addressAndConfig = z.tuple([addressSchema, commitmentConfig.optional()]);
  return {
    getTokenAccountsByOwner: (params, { budget }) => tokenAccountsBy(core, TOKEN_ACCOUNT_OWNER_OFFSET, params, budget),
    getTokenAccountsByDelegate: (params, { budget }) =>
      tokenAccountsBy(core, TOKEN_ACCOUNT_DELEGATE_OFFSET, params, budget),
    getTokenAccountBalance: (params) => {
      const [address] = parseParams(addressAndConfig, params);
      const account = tokenAccount(core, checkedAddress(address));
      const decimals = decimalsOf(core, account.mint);
      if (decimals === undefined) throw invalidParam('could not find mint');
      return withContext(core, uiTokenAmount(account.amount, decimals));
    },
    getTokenSupply: (params) => {
      const [address] = parseParams(addressAndConfig, params);
      const account = core.svm.getAccount(checkedAddress(address));
      if (!account.exists) throw invalidParam('could not find account');
      if (tokenKindOf(account.programAddress, account.data) !== 'mint') throw invalidParam('not a Token mint');
      const mint = decodeMint(account.data);
      return withContext(core, uiTokenAmount(mint.supply, mint.decimals));
    },
    getTokenLargestAccounts: (params) => {
      const [address] = parseParams(addressAndConfig, params);
      return withContext(core, largestAccounts(core, checkedAddress(address)));
    },
  };
}
