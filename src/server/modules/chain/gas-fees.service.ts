import {
  address,
  compileTransactionMessage,
  createNoopSigner,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
} from '@solana/kit';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_GAS_FEE_MULTIPLIER, estimatePurchaseNetworkFee, FALLBACK_NETWORK_FEE_LAMPORTS } from '@chain/fees';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import type { GasFeesResponse } from '@shared/api/chain';
import { lamportsToSolString } from '@shared/money';
import type { Db } from '../../db/database';
import { feeConfig } from '../../db/schema';
import type { ChainContext } from './chain-context';

// A representative purchase: the fee depends on the message's shape (signatures, compute budget), not on who
// pays whom, so any three distinct valid addresses will do; these are well-known native program ids.
const SAMPLE = {
  buyer: address('Vote111111111111111111111111111111111111111'),
  recipient: address('Stake11111111111111111111111111111111111111'),
  reference: address('Config1111111111111111111111111111111111111'),
};

async function activeMultiplier(db: Db): Promise<number> {
  const [row] = await db
    .select({ m: feeConfig.gasFeeMultiplier })
    .from(feeConfig)
    .where(and(eq(feeConfig.network, 'solana'), eq(feeConfig.isActive, true)))
    .limit(1);
  return row ? Number(row.m) : DEFAULT_GAS_FEE_MULTIPLIER;
}

/**
 * Quotes the network fee of a purchase transaction. Read-only: it used to insert a gas_estimation_audit row per
 * call, which let any anonymous visitor grow a table at will (no GET writes).
 */
export async function estimateGasFee(db: Db, chain: ChainContext): Promise<GasFeesResponse> {
  const multiplier = await activeMultiplier(db);
  let estimate: { lamports: bigint; source: 'rpc' | 'fallback' };
  try {
    const { value: lifetime } = await chain.rpc.getLatestBlockhash().send();
    const message = buildPaymentTransaction({
      payment: { recipient: SAMPLE.recipient, lamports: 1n, reference: SAMPLE.recipient },
      buyer: createNoopSigner(SAMPLE.buyer),
      lifetime,
    });
    const bytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
    estimate = await estimatePurchaseNetworkFee(chain.rpc, getBase64Decoder().decode(bytes), multiplier);
  } catch {
    // No blockhash (every endpoint down): the spec's fallback of exactly 0.000005 SOL.
    estimate = { lamports: FALLBACK_NETWORK_FEE_LAMPORTS, source: 'fallback' };
  }
  return {
    feeInSOL: Number(lamportsToSolString(estimate.lamports)),
    lamports: estimate.lamports.toString(),
    source: estimate.source,
  };
}
