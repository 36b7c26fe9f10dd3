import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localConfig } from '@tests/helpers/render-web';
import { waitForReferencePayment } from './watch-reference';

// The chain as the page sees it through the RPC: the escrow's signatures, and who paid each one's fee.
const chain = vi.hoisted(() => ({
  signatures: [] as { signature: string; failed: boolean }[],
  feePayers: new Map<string, string>(),
  fetched: [] as string[],
}));
vi.mock('@chain/rpc/chain-rpc', () => ({ createChainRpc: () => ({}) }));
vi.mock('@chain/payment/find-payment', () => ({
  findPaymentByReference: async () => chain.signatures.map((s) => ({ ...s, slot: 1n, blockTime: null })),
  fetchPaymentTransaction: async (_rpc: unknown, signature: string) => {
    chain.fetched.push(signature);
    const payer = chain.feePayers.get(signature);
    return payer ? { transaction: { message: { accountKeys: [payer] } } } : null;
  },
}));

const [buyer, stranger, escrow] = ['Buyer111', 'Stranger1', 'Escrow111'];

beforeEach(() => {
  // The page resolves the local '/rpc' against its own origin.
  vi.stubGlobal('window', { location: { origin: 'http://localhost:5173' } });
  chain.signatures = [];
  chain.feePayers.clear();
  chain.fetched = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('waitForReferencePayment', () => {
  it("resolves with the buyer's own payment into the escrow, not a stranger's dust or a failed one", async () => {
    chain.signatures = [
      { signature: 'dust', failed: false },
      { signature: 'failed', failed: true },
      { signature: 'paid', failed: false },
    ];
    chain.feePayers.set('dust', stranger).set('failed', buyer).set('paid', buyer);
    const abort = new AbortController();
    await expect(waitForReferencePayment(localConfig, escrow, buyer, abort.signal)).resolves.toBe('paid');
    expect(chain.fetched).toEqual(['dust', 'paid']);
  });

  it('keeps waiting while only others have paid, reading each of their transactions once', async () => {
    vi.useFakeTimers();
    try {
      chain.signatures = [{ signature: 'dust', failed: false }];
      chain.feePayers.set('dust', stranger);
      const abort = new AbortController();
      let seen: string | null = null;
      void waitForReferencePayment(localConfig, escrow, buyer, abort.signal).then((s) => (seen = s));
      await vi.advanceTimersByTimeAsync(3_500);
      expect(seen).toBeNull();
      expect(chain.fetched).toEqual(['dust']);

      chain.signatures.unshift({ signature: 'paid', failed: false });
      chain.feePayers.set('paid', buyer);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(seen).toBe('paid');
      abort.abort();
    } finally {
      vi.useRealTimers();
    }
  });
});
