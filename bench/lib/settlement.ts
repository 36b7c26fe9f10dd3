import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PurchaseView } from '@shared/api/transactions';
import type { HttpWallet } from './http-client';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A purchase that bought its key: its escrow owes `seller` exactly `priceLamports`. */
export interface Sale {
  transactionId: string;
  seller: string;
  priceLamports: bigint;
  /** performance.now() when confirm answered. */
  confirmedAt: number;
}

interface Watched {
  sale: Sale;
  /** performance.now() when the view first showed the payout landed. */
  landedAt?: number;
  error?: string;
}

export interface PayoutTally {
  sales: number;
  landed: number;
  /** Sales whose payout had not landed when the wait ended, with why. */
  lost: { transactionId: string; why: string }[];
  /** Confirm answered → the transaction view shows `payoutSignature`, per landed payout, ascending. */
  confirmToPayoutMs: number[];
  /** How often each view was polled: the resolution of those times. */
  pollMs: number;
}

/**
 * Watches each sale's transaction view (GET /api/transactions/:id) from its confirm until `payoutSignature` shows the
 * payout landed, polling every `pollMs`: the poll's period is the resolution of the confirm → payout time. Watching
 * starts during the load, so that time is the settlement worker's, not the bench's; `settle` bounds the wait.
 */
export class PayoutWatch {
  private readonly watched: Promise<Watched>[] = [];
  private deadline = Number.POSITIVE_INFINITY;

  /**
   * 1 s: the web app's pay page polls every 5 s; a bench polling every 200 ms added more reads of the purchase tables
   * than the purchases themselves made, and slowed the very purchases it measured.
   */
  constructor(private readonly pollMs = 1_000) {}

  watch(viewer: HttpWallet, sale: Sale): void {
    this.watched.push(this.poll(viewer, sale));
  }

  private async poll(viewer: HttpWallet, sale: Sale): Promise<Watched> {
    let error: string | undefined;
    while (performance.now() < this.deadline) {
      try {
        const res = await viewer.call<PurchaseView>('GET', `/api/transactions/${sale.transactionId}`);
        if (res.status === 200 && res.json.payoutSignature) return { sale, landedAt: performance.now() };
        error = res.status === 200 ? `no payout yet (${res.json.status})` : `view answered ${res.status}`;
      } catch (err) {
        error = (err as Error).message.slice(0, 200);
      }
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
    return { sale, error: error ?? 'not watched' };
  }

  /** Waits at most `timeoutMs` more for every watched payout to land; a watch still waiting then counts as lost. */
  async settle(timeoutMs: number): Promise<PayoutTally> {
    this.deadline = performance.now() + timeoutMs;
    const done = await Promise.all(this.watched);
    const landed = done.filter((w) => w.landedAt !== undefined);
    return {
      sales: done.length,
      landed: landed.length,
      lost: done.flatMap((w) =>
        w.landedAt === undefined ? [{ transactionId: w.sale.transactionId, why: w.error ?? '' }] : [],
      ),
      confirmToPayoutMs: landed.map((w) => w.landedAt! - w.sale.confirmedAt).sort((a, b) => a - b),
      pollMs: this.pollMs,
    };
  }

  /** What each seller is owed: the sum of the prices of its sales. */
  async owed(): Promise<Map<string, bigint>> {
    const owed = new Map<string, bigint>();
    for (const { sale } of await Promise.all(this.watched)) {
      owed.set(sale.seller, (owed.get(sale.seller) ?? 0n) + sale.priceLamports);
    }
    return owed;
  }
}

export interface SellerCheck {
  seller: string;
  owed: bigint;
  received: bigint;
}

/** What each seller received on chain since `before` (its balances then), beside what its sales owe it. */
export async function sellerReceipts(
  rpc: HttpWallet,
  before: ReadonlyMap<string, bigint>,
  owed: ReadonlyMap<string, bigint>,
): Promise<SellerCheck[]> {
  const sellers = [...new Set([...before.keys(), ...owed.keys()])];
  return Promise.all(
    sellers.map(async (seller) => ({
      seller,
      owed: owed.get(seller) ?? 0n,
      received: (await rpc.balance(seller)) - (before.get(seller) ?? 0n),
    })),
  );
}

/**
 * `npm run ledger -- check` as a child process with the (stopped) server's environment: its DATA_DIR holds the local
 * chain, DATABASE_URL the ledger. Its process group (npm, sh, node) is killed after `timeoutMs`: exit code null.
 */
export function runLedgerCheck(
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ledger', '--', 'check'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output: output.trim() });
    });
  });
}
