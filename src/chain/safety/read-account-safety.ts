import { address as toAddress, type Address } from '@solana/kit';
import type { ChainRpc } from '../rpc/chain-rpc';

/**
 * SPL Token and Token-2022: a token account of either can booby-trap an address (docs/domain.md#account-safety-checks).
 */
export const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** History read per check: enough to say "N transactions", cheap enough for every reveal. */
export const HISTORY_LIMIT = 20;

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
}

export interface HistoryFacts {
  /** Signatures found, up to HISTORY_LIMIT. */
  count: number;
  lastBlockTime: number | null;
}

export interface SafetyFacts {
  slot: bigint;
  account: AccountFacts;
  tokenAccounts: TokenAccountFacts[];
  history: HistoryFacts;
}

interface ParsedTokenInfo {
  mint?: string;
  delegate?: string;
  closeAuthority?: string;
  state?: string;
}

/** Everything the safety rules read about one address, at one commitment, with the slot it was read at. */
export async function readSafetyFacts(rpc: ChainRpc, address: string): Promise<SafetyFacts> {
  const addr = toAddress(address);
  const [info, tokens, history] = await Promise.all([
    rpc.getAccountInfo(addr, { encoding: 'base64', commitment: 'confirmed' }).send(),
    Promise.all(TOKEN_PROGRAMS.map((program) => readTokenAccounts(rpc, addr, program))),
    rpc.getSignaturesForAddress(addr, { limit: HISTORY_LIMIT, commitment: 'confirmed' }).send(),
  ]);
  const value = info.value;
  return {
    slot: info.context.slot,
    account: value
      ? {
          owner: value.owner,
          dataLength: Buffer.from(value.data[0], 'base64').length,
          executable: value.executable,
        }
      : { owner: null, dataLength: 0, executable: false },
    tokenAccounts: tokens.flat(),
    history: {
      count: history.length,
      lastBlockTime: history[0]?.blockTime == null ? null : Number(history[0].blockTime),
    },
  };
}

async function readTokenAccounts(rpc: ChainRpc, owner: Address, program: string): Promise<TokenAccountFacts[]> {
  const { value } = await rpc
    .getTokenAccountsByOwner(
      owner,
      { programId: toAddress(program) },
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    )
    .send();
  return value.map(({ pubkey, account }) => {
    const info = ((account.data as { parsed?: { info?: ParsedTokenInfo } }).parsed?.info ?? {}) as ParsedTokenInfo;
    return {
      pubkey,
      program,
      mint: info.mint ?? '',
      delegate: info.delegate ?? null,
      closeAuthority: info.closeAuthority ?? null,
      frozen: info.state === 'frozen',
    };
  });
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
