import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessChainRpc } from '@chain/rpc/chain-rpc';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/db';
import { fundedSigner, startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { sendTransfer } from '@tests/helpers/local-chain-payments';
import { insertEscrow } from '@tests/helpers/settlement-rows';
import { observeEscrow, type EscrowReads } from './observe';
import { purchaseOwner } from './settlement.repository';

/*
 * Observing an escrow (docs/domain.md#settlement) on a real local chain and database: every payment becomes one
 * receipt with its ledger row, committed together, so the ledger can never miss a receipt it holds.
 */

let chain: LocalChain;
let database: TestDatabase;
let reads: EscrowReads;
beforeAll(async () => {
  chain = await startLocalChain();
  database = await createTestDatabase();
  const rpc = createInProcessChainRpc(chain.validator.handle);
  reads = { rpc, rpcs: [rpc], quorum: 1 };
});
afterAll(async () => {
  await database?.close();
  await chain?.stop();
});

async function pay(escrow: string, lamports: bigint): Promise<string> {
  const payer = await fundedSigner(chain.rpc, LAMPORTS_PER_SOL);
  return sendTransfer(chain.rpc, payer, address(escrow), lamports);
}

const rowsOf = async (signature: string) => ({
  receipts: await database.query<{ lamports: string }>(
    'select lamports::text from escrow_receipts where signature = $1',
    [signature],
  ),
  ledger: await database.query<{ kind: string; lamports: string }>(
    'select kind, lamports::text from ledger_entries where signature = $1 order by id',
    [signature],
  ),
});

describe('observeEscrow', () => {
  it('records a payment once: its receipt and its ledger row', async () => {
    const e = await insertEscrow(database.db);
    const signature = await pay(e.escrow, 1_000_000n);

    expect(await observeEscrow(database.db, reads, e.escrow, purchaseOwner(e.transactionId))).toBe(1);
    expect(await observeEscrow(database.db, reads, e.escrow, purchaseOwner(e.transactionId))).toBe(0);
    expect(await rowsOf(signature)).toEqual({
      receipts: [{ lamports: '1000000' }],
      ledger: [{ kind: 'receipt', lamports: '1000000' }],
    });
  });

  it('records no receipt when its ledger row cannot be written: the two commit together', async () => {
    const e = await insertEscrow(database.db);
    const signature = await pay(e.escrow, 2_000_000n);
    // The database refuses this payment's ledger row, as a crash between the two inserts would have left it out: a
    // receipt recorded without it would never be counted.
    await database.query(`
      create function refuse_ledger_row() returns trigger language plpgsql as $$
      begin raise exception 'ledger row refused'; end $$`);
    await database.query(
      `create trigger refuse_ledger_row before insert on ledger_entries for each row
       when (new.signature = '${signature}') execute function refuse_ledger_row()`,
    );

    await expect(observeEscrow(database.db, reads, e.escrow, purchaseOwner(e.transactionId))).rejects.toThrow(
      /insert into "ledger_entries"/,
    );
    expect(await rowsOf(signature)).toEqual({ receipts: [], ledger: [] });
  });
});
