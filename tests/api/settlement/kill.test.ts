import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import type { CrashPoint } from '@server/config/crash-point';
import { parseSolToLamports } from '@shared/money';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, eventually, FaultServer, purchaseReaches } from '@tests/helpers/fault-server';
import { SOL } from '@tests/helpers/purchases';

/**
 * Payouts and refunds are exactly-once through crashes (docs/domain.md#exactly-once-transfers). The real
 * server is SIGKILLed at each settlement crash point — the transfer signed and stored but not sent, sent but not known
 * landed, landed but not in the ledger — and started again on the same data. Each time exactly one payout (or refund)
 * is on chain, and `npm run ledger -- check` finds the ledger and the chain in balance at the end.
 */

const FEE = 5_000n;
const FUNDS = 5n * SOL;
const POINTS = ['settle:before-send', 'settle:after-send', 'settle:before-ledger'] as const satisfies CrashPoint[];

let server: FaultServer;
let seller: Client;
let sellerPaid = 0n;

interface Bought {
  buyer: Client;
  started: InitiatePurchaseResponse;
  price: bigint;
}

async function started(price: string): Promise<Bought> {
  const keypair = newKeypair();
  const id = await seller.createListing(keypair.address, keypair.forms.base58Secret, price);
  const buyer = await Client.signIn(server);
  await server.airdrop(buyer.walletAddress, FUNDS);
  return { buyer, started: await buyer.initiateOk({ id, price }), price: parseSolToLamports(price) };
}

/** The purchase's landed transfers, as its public view tells them. */
async function transfersOf(b: Bought) {
  const res = await b.buyer.call('GET', `/api/transactions/${b.started.transactionId}`);
  return res.body as { payoutSignature: string | null; refundSignatures: string[]; status: string };
}

beforeAll(async () => {
  const sellerWallet = await newWallet();
  server = await FaultServer.create([sellerWallet.walletAddress]);
  await server.start(POINTS[0]);
  seller = await Client.signIn(server, sellerWallet);
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('SIGKILL at every settlement step, then a restart on the same data', { timeout: 180_000 }, () => {
  POINTS.forEach((point, i) => {
    // Each payout is its own price, so the seller's balance tells which were paid, and how often.
    it(`a payout killed at ${point} lands exactly once after restart`, async () => {
      await server.ensure(point);
      const sale = await started(`0.1${i + 1}`);
      const paying = await sale.buyer.payThenConfirm(sale.started.transactionId, sale.started.payment);
      // The crash comes inside confirm or the background verifier (decide, then send) or, for the ledger step, in the
      // worker right after it.
      await server.crash(point, paying.action);
      // Unarmed: the next point may be reached by this very recovery (a landed payout not yet in the ledger).
      await server.start();
      await purchaseReaches(server, sale.started.transactionId, ['verified', 'completed']);
      const view = await eventually('the payout in the ledger', async () => {
        const v = await transfersOf(sale);
        return v.payoutSignature ? v : undefined;
      });
      sellerPaid += sale.price;
      expect(await server.balance(seller.walletAddress)).toBe(sellerPaid); // paid once: never twice, never lost
      expect(await server.balance(sale.started.payment.recipient)).toBe(0n);
      expect(view.refundSignatures).toEqual([]);
      expect(await server.balance(sale.buyer.walletAddress)).toBe(FUNDS - BigInt(sale.started.payment.lamports) - FEE);
    });
  });

  it('a refund killed before it was sent is sent once after restart', async () => {
    await server.ensure();
    const sale = await started('0.2');
    await sale.buyer.confirm(sale.started.transactionId, await sale.buyer.pay(sale.started.payment));
    await eventually('the payout', async () => ((await transfersOf(sale)).payoutSignature ? true : undefined));
    await server.kill();
    await server.start('settle:before-send');
    // Paid twice: the worker's late-payment pass finds the second payment and must send it back.
    await server.crash('settle:before-send', () => sale.buyer.pay(sale.started.payment));
    await server.start();
    const view = await eventually(
      'the refund in the ledger',
      async () => {
        const v = await transfersOf(sale);
        return v.refundSignatures.length > 0 ? v : undefined;
      },
      90_000,
    );
    expect(view.refundSignatures).toHaveLength(1);
    sellerPaid += sale.price;
    expect(await server.balance(seller.walletAddress)).toBe(sellerPaid);
    expect(await server.balance(sale.started.payment.recipient)).toBe(0n);
    // One total kept, one returned minus the refund's fee; both payments' own fees spent.
    expect(await server.balance(sale.buyer.walletAddress)).toBe(
      FUNDS - BigInt(sale.started.payment.lamports) - 2n * FEE - FEE,
    );
  });

  it('with the server stopped, npm run ledger -- check finds every escrow in balance', async () => {
    await server.stop();
    const res = await server.ledgerCheck();
    expect(res, res.out + res.err).toMatchObject({ code: 0 });
    expect(res.out).toMatch(/Balanced/);
  });
});
