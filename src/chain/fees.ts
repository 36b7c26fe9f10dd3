import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { computeBudgetOf, instructionsOfCompiledMessage, priorityFeeLamports } from './compute-budget';
import type { ChainRpc } from './rpc/chain-rpc';

/** The spec's fallback network fee: 0.000005 SOL. */
export const FALLBACK_NETWORK_FEE_LAMPORTS = 5_000n;
/** fee_config.gasFeeMultiplier default. */
export const DEFAULT_GAS_FEE_MULTIPLIER = 1.2;

export interface NetworkFeeEstimate {
  lamports: bigint;
  source: 'rpc' | 'fallback';
}

function median(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `lamports × multiplier`, rounded up, in integers (the multiplier is applied in basis points, never as a float amount). */
function applyMultiplier(lamports: bigint, multiplier: number): bigint {
  const basisPoints = BigInt(Math.round(multiplier * 10_000));
  return (lamports * basisPoints + 9_999n) / 10_000n;
}

/**
 * Network fee to quote for the purchase transaction `messageBase64` (a compiled message, base64):
 * (base fee from getFeeForMessage + priority fee) × multiplier, rounded up. The priority fee is the median of
 * getRecentPrioritizationFees (micro-lamports per CU) times the message's compute-unit limit, because wallets
 * such as Phantom add a priority fee before sending. Any RPC failure, or a null fee (expired blockhash), gives
 * the spec's 5000-lamport fallback; a failing priority-fee lookup alone only drops the priority part.
 */
export async function estimatePurchaseNetworkFee(
  rpc: ChainRpc,
  messageBase64: string,
  multiplier: number = DEFAULT_GAS_FEE_MULTIPLIER,
): Promise<NetworkFeeEstimate> {
  let baseFee: bigint | null;
  try {
    baseFee = (await rpc.getFeeForMessage(messageBase64 as TransactionMessageBytesBase64).send()).value;
  } catch {
    baseFee = null;
  }
  if (baseFee === null) return { lamports: FALLBACK_NETWORK_FEE_LAMPORTS, source: 'fallback' };

  let priorityFee = 0n;
  try {
    const recent = await rpc.getRecentPrioritizationFees().send();
    const message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(messageBase64));
    if (message.version === 'legacy' || message.version === 0) {
      // getFeeForMessage already counts a price set in the message itself; only quote a market price otherwise.
      const budget = computeBudgetOf(instructionsOfCompiledMessage(message));
      if (budget.microLamportsPerUnit === 0n) {
        priorityFee = priorityFeeLamports({
          ...budget,
          microLamportsPerUnit: median(recent.map((f) => f.prioritizationFee)),
        });
      }
    }
  } catch {
    priorityFee = 0n;
  }
  return { lamports: applyMultiplier(baseFee + priorityFee, multiplier), source: 'rpc' };
}
