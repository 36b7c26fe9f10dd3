import type { Address } from '@solana/kit';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { LedgerCheckReport, LedgerDifference } from '@shared/api/settlement';
import { OPEN_ESCROW_ORDER_STATUSES, OPEN_PURCHASE_STATUSES } from '@shared/domain-values';

/** The owner statuses in which an escrow may rightly hold lamports: waiting for a payment, or holding a deposit. */
const openStatusesOf = (escrow: { orderId: string | null; bidId: string | null }): readonly string[] =>
  escrow.bidId ? ['awaiting-deposit', 'open'] : escrow.orderId ? OPEN_ESCROW_ORDER_STATUSES : OPEN_PURCHASE_STATUSES;
import type { Queryable } from '@server/db/database';
import { ledgerRepository, type UnrecordedTransfer } from './ledger.repository';

/**
 * What the chain holds at each address, in lamports: 0 for an account that does not exist (a settled escrow is
 * emptied and so removed), null for one that could not be read.
 */
export type ChainBalances = (addresses: readonly string[]) => Promise<Map<string, bigint | null>>;

/** getMultipleAccounts answers at most this many accounts per call. */
const ACCOUNTS_PER_CALL = 100;
/** Escrows per page of the check: one set of grouped queries and a few RPC calls each. */
export const LEDGER_CHECK_PAGE = 1_000;

/**
 * Chain balances through a kit RPC client: getMultipleAccounts, 100 addresses a call, at most `concurrency` calls in
 * flight (the RPC is shared with the running shop). `confirmed`, as settlement records receipts. A call that fails
 * on every endpoint throws (ChainError RPC_UNAVAILABLE): a check that cannot read the chain has no answer to give.
 */
export function chainBalances(rpc: ChainRpc, opts: { concurrency?: number } = {}): ChainBalances {
  return async (addresses) => {
    const found = new Map<string, bigint | null>();
    const batches: string[][] = [];
    for (let i = 0; i < addresses.length; i += ACCOUNTS_PER_CALL) {
      batches.push(addresses.slice(i, i + ACCOUNTS_PER_CALL));
    }
    let next = 0;
    const work = async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        const { value } = await rpc
          // Escrow addresses come from our own table, each made from a key pair: no need to decode them again.
          .getMultipleAccounts(batch as Address[], {
            encoding: 'base64',
            commitment: 'confirmed',
            dataSlice: { offset: 0, length: 0 },
          })
          .send();
        batch.forEach((escrow, i) => found.set(escrow, value[i]?.lamports ?? 0n));
      }
    };
    const workers = Math.max(1, Math.min(opts.concurrency ?? 2, batches.length));
    await Promise.all(Array.from({ length: workers }, work));
    return found;
  };
}

export interface LedgerCheckDeps {
  db: Queryable;
  balances: ChainBalances;
  now?: () => Date;
  /** Escrows per page (tests make it small). */
  pageSize?: number;
}

/**
 * Reconciles the ledger with the chain (docs/domain.md#ledger): every escrow's ledger balance (what reached it
 * minus what left it) must equal what the chain holds there, and an escrow whose purchase is decided and whose
 * every receipt was sent on must be empty. Escrows are read a page at a time in address order, their ledger
 * balances summed in SQL.
 *
 * Each page reads the ledger first and the chain second. The ledger only ever records what has already landed, so a
 * movement landing between the two reads shows the chain ahead of the ledger, as it truly is at that moment: a
 * check beside a running shop may report a payment or transfer in flight, and a second run tells it from a real gap.
 */
export async function checkLedger(deps: LedgerCheckDeps): Promise<LedgerCheckReport> {
  const pageSize = deps.pageSize ?? LEDGER_CHECK_PAGE;
  const differences: LedgerDifference[] = [];
  let escrowsChecked = 0;
  let openEscrows = 0;
  let openLamports = 0n;
  let after: string | null = null;
  for (;;) {
    const page = await ledgerRepository.escrowPage(deps.db, after, pageSize);
    if (page.length === 0) break;
    const escrows = page.map((p) => p.escrow);
    const ledger = await ledgerRepository.balances(deps.db, escrows);
    const unsent = await ledgerRepository.withUnsentReceipts(deps.db, escrows);
    const unrecorded = await ledgerRepository.unrecorded(deps.db, escrows);
    const chain = await deps.balances(escrows);
    for (const escrow of page) {
      const ledgerLamports = ledger.get(escrow.escrow) ?? 0n;
      const chainLamports = chain.has(escrow.escrow) ? chain.get(escrow.escrow)! : null;
      const transfers = unrecorded.get(escrow.escrow) ?? [];
      // Decided, and everything it received sent on and landed: nothing may be left in it.
      const closed =
        !(openStatusesOf(escrow) as readonly string[]).includes(escrow.purchaseStatus) &&
        !unsent.has(escrow.escrow) &&
        !transfers.some((t) => t.status === 'signed');
      const problem = problemOf(ledgerLamports, chainLamports, closed, transfers);
      if (problem) {
        differences.push({
          escrow: escrow.escrow,
          transactionId: escrow.transactionId,
          orderId: escrow.orderId,
          bidId: escrow.bidId,
          ledgerLamports: ledgerLamports.toString(),
          chainLamports: chainLamports === null ? null : chainLamports.toString(),
          problem,
        });
      } else if (ledgerLamports > 0n) {
        openEscrows += 1;
        openLamports += ledgerLamports;
      }
    }
    escrowsChecked += page.length;
    after = page.at(-1)!.escrow;
    if (page.length < pageSize) break;
  }
  return {
    balanced: differences.length === 0,
    checkedAt: (deps.now?.() ?? new Date()).toISOString(),
    escrowsChecked,
    openEscrows,
    openLamports: openLamports.toString(),
    differences,
  };
}

const lamportsText = (lamports: bigint) => `${lamports} lamports`;

/**
 * One sentence saying what is wrong with an escrow, or null when nothing is. `transfers` are its transfers without
 * ledger rows: a gap of exactly one of them names it, the likeliest reading (a crash at `settle:before-ledger`, or
 * a failed transfer's fee).
 */
export function problemOf(
  ledger: bigint,
  chain: bigint | null,
  closed: boolean,
  transfers: readonly UnrecordedTransfer[],
): string | null {
  if (ledger < 0n) {
    return `The ledger has ${lamportsText(-ledger)} more leaving this escrow than reaching it: a transfer was recorded twice or a receipt is missing from the ledger.`;
  }
  if (chain === null) return 'The chain balance could not be read.';
  if (ledger > chain) {
    const gap = ledger - chain;
    const named = transfers.find((t) => t.lamports === gap);
    if (named?.status === 'signed') {
      return `Transfer ${named.signature} (${lamportsText(gap)} with its fee) has landed and its ledger rows are not written yet: settlement records it on its next pass.`;
    }
    if (named?.status === 'failed') {
      return `Transfer ${named.signature} failed on chain and still paid its ${lamportsText(gap)} network fee, which the ledger does not record.`;
    }
    return `The chain holds ${lamportsText(gap)} less than the ledger: a payout or refund landed that the ledger has not recorded, or lamports are missing.`;
  }
  if (chain > ledger) {
    return `The chain holds ${lamportsText(chain - ledger)} more than the ledger: a payment landed that settlement has not recorded yet${closed ? ', after its purchase was settled' : ''}.`;
  }
  if (closed && chain !== 0n) {
    return `The purchase is decided and every receipt was sent on, yet the escrow still holds ${lamportsText(chain)}.`;
  }
  return null;
}
