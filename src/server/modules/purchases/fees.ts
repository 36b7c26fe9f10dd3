import { LAMPORTS_PER_SIGNATURE } from '@chain/compute-budget';
import { lamportsToSolString, truncateToPriceUnit } from '@shared/money';
import type { FeeCalculation } from '@shared/api/transactions';

/** The fee settings of one network (`fee_config`) and the buyer's tier discount (`membership_tiers`), as stored. */
export interface FeeSettings {
  exchangeFeePercentage: string; // '0'…'100', two decimals
  commissionFeePercentage: string;
  minimumFee: bigint; // lamports
  maximumFee: bigint | null; // lamports; null: no cap
  gasFeeMultiplier: string; // e.g. '1.20'
  commissionDiscount: string; // percent off the commission, '0'…'100'
}

export interface Fees {
  priceLamports: bigint;
  /** Exchange part of the platform fee (0 today: payments never change currency). */
  exchangeFeeLamports: bigint;
  /** Commission part after the tier discount, clamped to the configured minimum and maximum. */
  commissionFeeLamports: bigint;
  /** What the treasury transfer must carry: exchange + commission. 0 without a treasury wallet. */
  platformFeeLamports: bigint;
  /** The payout transaction's network fee, paid from the escrow out of the buyer's total (docs/domain.md#settlement). */
  networkFeeLamports: bigint;
  totalLamports: bigint;
}

const HUNDREDTHS = /^(\d{1,3})(?:\.(\d{1,2})\d*)?$/;
/** '2.50' → 250 (hundredths of a percent, or of a multiplier). Integer maths only, so no rounding surprise. */
export function parseHundredths(value: string): bigint {
  const m = HUNDREDTHS.exec(value.trim());
  if (!m) throw new TypeError(`Not a percentage: ${value}`);
  return BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

// Amounts are rounded down to 10 lamports so the numeric(18,8) SOL columns hold them exactly.
const floorTo10 = truncateToPriceUnit;

/**
 * Fees of one purchase. With no treasury wallet there is nowhere to send a commission, so it is 0
 * (docs/domain.md#money); otherwise commission% × (1 − discount%) of the price, at least the minimum and at most the
 * maximum fee, and never more than the price itself.
 */
export function calculateFees(priceLamports: bigint, settings: FeeSettings, hasTreasury: boolean): Fees {
  const BASIS = 10_000n; // hundredths of a percent in 100%
  // The escrow signs its payout alone, without a priority fee: the fee is exactly one signature, known in advance,
  // so no gas multiplier applies to it (the buyer's own transaction fee is the wallet's to show).
  const networkFeeLamports = LAMPORTS_PER_SIGNATURE;
  let exchangeFeeLamports = 0n;
  let commissionFeeLamports = 0n;
  if (hasTreasury) {
    exchangeFeeLamports = floorTo10((priceLamports * parseHundredths(settings.exchangeFeePercentage)) / BASIS);
    const keep = BASIS - parseHundredths(settings.commissionDiscount);
    let commission = (priceLamports * parseHundredths(settings.commissionFeePercentage) * keep) / (BASIS * BASIS);
    if (commission < settings.minimumFee) commission = settings.minimumFee;
    if (settings.maximumFee !== null && commission > settings.maximumFee) commission = settings.maximumFee;
    if (commission > priceLamports) commission = priceLamports;
    commissionFeeLamports = floorTo10(commission);
  }
  const platformFeeLamports = exchangeFeeLamports + commissionFeeLamports;
  return {
    priceLamports,
    exchangeFeeLamports,
    commissionFeeLamports,
    platformFeeLamports,
    networkFeeLamports,
    totalLamports: priceLamports + platformFeeLamports + networkFeeLamports,
  };
}

/** The response shape (SOL strings) of stored lamport amounts. */
export function feeCalculationOf(a: { price: bigint; platformFee: bigint; networkFee: bigint }): FeeCalculation {
  return {
    price: lamportsToSolString(a.price),
    commissionFee: lamportsToSolString(a.platformFee),
    networkFee: lamportsToSolString(a.networkFee),
    totalAmount: lamportsToSolString(a.price + a.platformFee + a.networkFee),
  };
}
