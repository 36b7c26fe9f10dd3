import {
  compileTransaction,
  generateKeyPairSigner,
  getBase64Decoder,
  setTransactionMessageComputeUnitPrice,
  pipe,
  setTransactionMessageComputeUnitLimit,
} from '@solana/kit';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimatePurchaseNetworkFee, FALLBACK_NETWORK_FEE_LAMPORTS } from './fees';
import { fundedSigner, sendSigned, signMessage, startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { paymentMessage, toFreshEscrow } from '@tests/helpers/local-chain-payments';
import { createChainRpc } from './rpc/chain-rpc';
import { LAMPORTS_PER_SOL } from '@shared/money';

let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain();
});
afterAll(() => chain.stop());

/** An unfunded buyer's purchase: a fee quote needs only the message. */
async function purchaseMessage() {
  return paymentMessage(chain.rpc, await generateKeyPairSigner(), await toFreshEscrow(1_000_000n));
}

const base64Message = (message: Parameters<typeof compileTransaction>[0]) =>
  getBase64Decoder().decode(compileTransaction(message).messageBytes);

describe('estimatePurchaseNetworkFee', () => {
  it('quotes the base fee × 1.2 when nobody pays priority fees', async () => {
    const estimate = await estimatePurchaseNetworkFee(
      createChainRpc([chain.url]),
      base64Message(await purchaseMessage()),
    );
    expect(estimate).toEqual({ lamports: 6_000n, source: 'rpc' });
  });

  it('adds the median recent priority fee on the default compute limit', async () => {
    const payer = await fundedSigner(chain.rpc, LAMPORTS_PER_SOL);
    for (const price of [1_000_000n, 2_000_000n, 3_000_000n]) {
      const message = pipe(
        await paymentMessage(chain.rpc, payer, await toFreshEscrow(1_000_000n)),
        (m) => setTransactionMessageComputeUnitLimit(1_000, m),
        (m) => setTransactionMessageComputeUnitPrice(price, m),
      );
      await sendSigned(chain.rpc, await signMessage(message));
      // one transaction per slot, so each slot's lowest price is that transaction's price
      await new Promise((resolve) => setTimeout(resolve, 450));
    }
    const estimate = await estimatePurchaseNetworkFee(
      createChainRpc([chain.url]),
      base64Message(await purchaseMessage()),
      1.5,
    );
    // The purchase is one System transfer, a builtin: 3_000 CU by default, at the median of 2_000_000 µL/CU …
    // 2_000_000 µL × 3_000 CU / 1e6 = 6_000 lamports on top of the 5_000 base fee.
    expect(estimate).toEqual({ lamports: ((5_000n + 6_000n) * 3n) / 2n, source: 'rpc' });
  });

  it('falls back to 0.000005 SOL when the RPC is unreachable', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const estimate = await estimatePurchaseNetworkFee(createChainRpc([url]), base64Message(await purchaseMessage()));
    expect(estimate).toEqual({ lamports: FALLBACK_NETWORK_FEE_LAMPORTS, source: 'fallback' });
    expect(FALLBACK_NETWORK_FEE_LAMPORTS).toBe(5_000n);
  });
});
