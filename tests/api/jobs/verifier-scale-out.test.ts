import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { testDriver } from '@tests/helpers/db';
import { createListing } from '@tests/helpers/factories';
import { confirm, initiateOk } from '@tests/helpers/purchases';
import { useTwoInstances } from '@tests/helpers/purchase-suite';
import { fundedBuyer } from '@tests/helpers/purchase-flows';

/**
 * The background verifier on two instances at once (docs/domain.md#background-verifier, docs/domain.md#scale): each
 * pass claims the rows it works on with one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` that also stamps a
 * lease, so two passes split the due rows between them, and a row another instance holds is skipped, never waited for.
 * Two app instances on one database: on PostgreSQL each with its own connection pool, as two processes; on PGlite they
 * share the handle.
 */

const LEASE_PASSED_MS = 10_000; // past the 4 s lease of pending rows
const ctx = useTwoInstances();

/** Pending purchases whose signatures never land (well-formed, never sent): due on every pass, never settled. */
async function pendingPurchases(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { listing } = await createListing(ctx.a, { price: '0.1' });
    const buyer = await fundedBuyer({ chain: ctx.chain, t: ctx.a });
    const started = await initiateOk(ctx.a, buyer, listing);
    const phantom = getBase58Decoder().decode(randomBytes(64));
    expect((await confirm(ctx.a, buyer, started.transactionId, phantom)).json().status).toBe('pending');
    ids.push(started.transactionId);
  }
  return ids;
}

async function attempts(ids: string[]): Promise<number[]> {
  const rows = await ctx.a.database.query<{ id: string; check_attempts: number }>(
    'SELECT id, check_attempts FROM transactions WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return ids.map((id) => rows.find((r) => r.id === id)!.check_attempts);
}

describe('background verifier on two instances', () => {
  it('two passes at once claim each due purchase exactly once between them', async () => {
    const ids = await pendingPurchases(6);
    const before = await attempts(ids);
    for (let round = 1; round <= 3; round++) {
      const shift = round * LEASE_PASSED_MS;
      const [fromA, fromB] = await Promise.all([
        runVerifierOnce(ctx.a.deps(shift)),
        runVerifierOnce(ctx.b.deps(shift)),
      ]);
      expect([...fromA.errors, ...fromB.errors]).toEqual([]);
      expect(fromA.checked + fromB.checked).toBe(ids.length);
      expect(await attempts(ids)).toEqual(before.map((n) => n + round));
    }
    // Within the lease, a row just claimed is nobody's to claim again.
    const again = await Promise.all([
      runVerifierOnce(ctx.a.deps(3 * LEASE_PASSED_MS)),
      runVerifierOnce(ctx.b.deps(3 * LEASE_PASSED_MS)),
    ]);
    expect(again[0].checked + again[1].checked).toBe(0);
  });

  it.runIf(testDriver() === 'postgres')(
    'a row locked by another instance is skipped at once, not waited for, and claimed once released',
    async () => {
      const ids = await pendingPurchases(4);
      const locked = ids.slice(0, 2);
      // Another instance in the middle of its claim: its transaction holds the row locks.
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM transactions WHERE id = ANY($1::uuid[]) FOR UPDATE', [locked]);
        const before = await attempts(ids);
        const started = Date.now();
        const pass = await runVerifierOnce(ctx.a.deps(10 * LEASE_PASSED_MS));
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(pass.errors).toEqual([]);
        // (Rows of the test before are due again too; what matters is which of these four were claimed.)
        expect(await attempts(ids)).toEqual([before[0], before[1], before[2]! + 1, before[3]! + 1]);
        await other.query('ROLLBACK');
        expect((await runVerifierOnce(ctx.b.deps(10 * LEASE_PASSED_MS))).errors).toEqual([]);
        expect(await attempts(ids)).toEqual(before.map((n) => n + 1));
      } finally {
        await other.end();
      }
    },
  );
});
