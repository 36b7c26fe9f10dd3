import { findAssociatedTokenPda } from '@solana-program/token';
import { address as toAddress, type Address } from '@solana/kit';
import type { ChainRpc } from '../rpc/chain-rpc';
import { decodeTokenAccountBytes, mintPermanentDelegate, TOKEN_PROGRAMS } from './token-bytes';

export { TOKEN_PROGRAMS };
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** History read per check: enough to say "N transactions", cheap enough for every reveal. */
export const HISTORY_LIMIT = 20;
/** Accounts of the address's own transactions read for a reassigned associated token account, at most. */
const TOUCHED_ACCOUNTS_LIMIT = 300;

export interface AccountFacts {
  /** null: the account does not exist. */
  owner: string | null;
  dataLength: number;
  executable: boolean;
}

export interface TokenAccountFacts {
  pubkey: string;
  program: string;
  mint: string;
  delegate: string | null;
  closeAuthority: string | null;
  frozen: boolean;
  /** Token-2022: the mint's permanent delegate, when the mint exists and has one. */
  mintPermanentDelegate: string | null;
  /** false when the mint account is gone (closed): the node then answers the account unparsed. */
  mintExists: boolean;
}

/** An associated token account of the address (the one senders derive) whose owner was changed to someone else. */
export interface ReassignedTokenAccount {
  pubkey: string;
  program: string;
  mint: string;
  owner: string;
}

export interface HistoryFacts {
  /** Signatures found, up to HISTORY_LIMIT. */
  count: number;
  lastBlockTime: number | null;
  /** Of those, the transactions the address itself signed (one that cannot be read counts as signed). */
  signedCount: number;
  lastSignedBlockTime: number | null;
}

export interface SafetyFacts {
  slot: bigint;
  account: AccountFacts;
  tokenAccounts: TokenAccountFacts[];
  reassigned: ReassignedTokenAccount[];
  history: HistoryFacts;
}

const confirmed = { commitment: 'confirmed' } as const;
const bytesOf = (data: readonly [string, string] | string) =>
  new Uint8Array(Buffer.from(typeof data === 'string' ? data : data[0], 'base64'));

/**
 * Everything the safety rules read about one address, at one commitment, with the slot it was read at. Token
 * accounts are read as bytes and decoded here (token-bytes.ts). The address's own transactions (those it signed)
 * are read too: an associated token account handed to another owner is no longer "owned by" the address, and only
 * the address's signature could have handed it over.
 */
export async function readSafetyFacts(rpc: ChainRpc, address: string): Promise<SafetyFacts> {
  const addr = toAddress(address);
  const [info, tokens, signatures] = await Promise.all([
    rpc.getAccountInfo(addr, { encoding: 'base64', ...confirmed }).send(),
    Promise.all(TOKEN_PROGRAMS.map((program) => readTokenAccounts(rpc, addr, program))),
    rpc.getSignaturesForAddress(addr, { limit: HISTORY_LIMIT, ...confirmed }).send(),
  ]);
  const value = info.value;
  const [tokenAccounts, ownHistory] = await Promise.all([
    withMints(rpc, tokens.flat()),
    readOwnHistory(
      rpc,
      addr,
      signatures.map((s) => ({ signature: s.signature, blockTime: s.blockTime == null ? null : Number(s.blockTime) })),
    ),
  ]);
  return {
    slot: info.context.slot,
    account: value
      ? { owner: value.owner, dataLength: bytesOf(value.data).length, executable: value.executable }
      : { owner: null, dataLength: 0, executable: false },
    tokenAccounts,
    reassigned: await findReassigned(rpc, address, ownHistory.touched),
    history: {
      count: signatures.length,
      lastBlockTime: signatures[0]?.blockTime == null ? null : Number(signatures[0].blockTime),
      signedCount: ownHistory.signedCount,
      lastSignedBlockTime: ownHistory.lastSignedBlockTime,
    },
  };
}

type RawTokenAccount = Omit<TokenAccountFacts, 'mintPermanentDelegate' | 'mintExists'>;

async function readTokenAccounts(rpc: ChainRpc, owner: Address, program: string): Promise<RawTokenAccount[]> {
  const { value } = await rpc
    .getTokenAccountsByOwner(owner, { programId: toAddress(program) }, { encoding: 'base64', ...confirmed })
    .send();
  return value.flatMap(({ pubkey, account }) => {
    const decoded = decodeTokenAccountBytes(account.owner, bytesOf(account.data));
    return decoded ? [{ pubkey, program: account.owner, ...decoded }] : [];
  });
}

/** Reads many accounts in getMultipleAccounts calls of at most MULTIPLE_ACCOUNTS_BATCH, as base64. */
async function readAccounts(rpc: ChainRpc, keys: readonly string[]) {
  const out: ({ owner: string; data: Uint8Array } | null)[] = [];
  for (let i = 0; i < keys.length; i += MULTIPLE_ACCOUNTS_BATCH) {
    const batch = keys.slice(i, i + MULTIPLE_ACCOUNTS_BATCH).map((k) => toAddress(k));
    const { value } = await rpc.getMultipleAccounts(batch, { encoding: 'base64', ...confirmed }).send();
    out.push(...value.map((a) => (a ? { owner: a.owner as string, data: bytesOf(a.data) } : null)));
  }
  return out;
}

/** Each token account with what its mint says (Token-2022 permanent delegate; whether the mint still exists). */
async function withMints(rpc: ChainRpc, accounts: RawTokenAccount[]): Promise<TokenAccountFacts[]> {
  if (accounts.length === 0) return [];
  const mints = [...new Set(accounts.map((a) => a.mint))];
  const read = await readAccounts(rpc, mints);
  const byMint = new Map(mints.map((m, i) => [m, read[i] ?? null]));
  return accounts.map((a) => {
    const mint = byMint.get(a.mint) ?? null;
    return {
      ...a,
      mintExists: mint !== null,
      mintPermanentDelegate: mint ? mintPermanentDelegate(mint.owner, mint.data) : null,
    };
  });
}

interface TransactionKeys {
  transaction: {
    message: { header: { numRequiredSignatures: number }; accountKeys: readonly string[] };
  };
  meta: { loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } } | null;
}

/** Which of the history's transactions the address signed, and every account those transactions touched. */
async function readOwnHistory(
  rpc: ChainRpc,
  address: Address,
  signatures: readonly { signature: string; blockTime: number | null }[],
) {
  const transactions = await Promise.all(
    signatures.map(
      async (s) =>
        (await rpc
          .getTransaction(s.signature as never, {
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
            ...confirmed,
          })
          .send()) as unknown as TransactionKeys | null,
    ),
  );
  let signedCount = 0;
  let lastSignedBlockTime: number | null = null;
  const touched = new Set<string>();
  transactions.forEach((tx, i) => {
    const keys = tx?.transaction.message.accountKeys ?? [];
    const signers = keys.slice(0, tx?.transaction.message.header.numRequiredSignatures ?? 0);
    if (tx && !signers.includes(address)) return;
    signedCount += 1;
    if (signedCount === 1) lastSignedBlockTime = signatures[i]!.blockTime;
    const loaded = tx?.meta?.loadedAddresses;
    for (const key of [...keys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])]) {
      if (key !== address && touched.size < TOUCHED_ACCOUNTS_LIMIT) touched.add(key);
    }
  });
  return { signedCount, lastSignedBlockTime, touched: [...touched] };
}

/**
 * Token accounts among `candidates` that are the address's associated token account for their mint but are owned by
 * someone else: SPL Token lets the owner `SetAuthority(AccountOwner)` away, and whoever sends tokens to the address
 * derives exactly that account (docs/domain.md#account-safety-checks).
 */
async function findReassigned(
  rpc: ChainRpc,
  address: string,
  candidates: readonly string[],
): Promise<ReassignedTokenAccount[]> {
  if (candidates.length === 0) return [];
  const read = await readAccounts(rpc, candidates);
  const found: ReassignedTokenAccount[] = [];
  for (const [i, account] of read.entries()) {
    const decoded = account && decodeTokenAccountBytes(account.owner, account.data);
    if (!account || !decoded || decoded.owner === address) continue;
    const [associated] = await findAssociatedTokenPda({
      owner: toAddress(address),
      mint: toAddress(decoded.mint),
      tokenProgram: toAddress(account.owner),
    });
    if (associated === candidates[i]) {
      found.push({ pubkey: candidates[i]!, program: account.owner, mint: decoded.mint, owner: decoded.owner });
    }
  }
  return found;
}

/** getMultipleAccounts answers at most this many accounts per call. */
export const MULTIPLE_ACCOUNTS_BATCH = 100;

/**
 * The `system-owned` fact for many addresses at once (bulk create): getMultipleAccounts, 100 per call (the RPC's
 * cap), at most `concurrency` calls in flight. Returns the addresses that fail, with the reason.
 */
export async function findNonSystemAccounts(
  rpc: ChainRpc,
  addresses: readonly string[],
  opts: { concurrency?: number } = {},
): Promise<Map<string, string>> {
  const failing = new Map<string, string>();
  const batches: string[][] = [];
  for (let i = 0; i < addresses.length; i += MULTIPLE_ACCOUNTS_BATCH) {
    batches.push(addresses.slice(i, i + MULTIPLE_ACCOUNTS_BATCH));
  }
  let next = 0;
  const work = async () => {
    while (next < batches.length) {
      const batch = batches[next++]!;
      const { value } = await rpc
        .getMultipleAccounts(
          // Callers pass addresses they have already validated (bulk create checks each row's base58 and length):
          // kit's own check would decode every one again, a third of this call's CPU for 100,000 rows.
          batch as Address[],
          { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
        )
        .send();
      value.forEach((account, j) => {
        if (!account) return;
        const reason = systemOwnedFailure({
          owner: account.owner,
          dataLength: account.space === undefined ? 0 : Number(account.space),
          executable: account.executable,
        });
        if (reason) failing.set(batch[j]!, reason);
      });
    }
  };
  const workers = Math.max(1, Math.min(opts.concurrency ?? 1, batches.length));
  await Promise.all(Array.from({ length: workers }, work));
  return failing;
}

/** Why an account is not a plain System-owned wallet, or null when it is (or does not exist). */
export function systemOwnedFailure(account: AccountFacts): string | null {
  if (account.owner === null) return null;
  if (account.owner !== SYSTEM_PROGRAM)
    return `The account is owned by program ${account.owner}, not the System Program`;
  if (account.executable) return 'The account is marked executable';
  if (account.dataLength > 0)
    return `The account holds ${account.dataLength} byte${account.dataLength === 1 ? '' : 's'} of data`;
  return null;
}
