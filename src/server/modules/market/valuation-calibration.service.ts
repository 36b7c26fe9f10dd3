import { truncateToPriceUnit } from '@shared/money';
import { analyzeAddress } from '@server/rarity';
import type { Queryable } from '../../db/database';
import { valuationRepository, type CalibrationSale } from './valuation.repository';

/**
 * Valuation calibration (docs/domain.md#estimated-value). The model values a match at its suggested price, a curve of
 * its difficulty (src/shared/rarity/pricing.ts, docs/market-data.md#one-rarity-and-price-story); buyers pay what they
 * pay. From the last `salesDataPeriod` days of real sales this fits `baseValueMultiplier`:
 *
 *   ratio_i    = actual sale price ÷ the model's value of that address at multiplier 1
 *   r          = median(ratio_i), clamped to [0.1, 10]   (a median, so one odd sale cannot swing it)
 *   w          = n / (n + 20)                            (how much n sales are worth against the prior 1)
 *   multiplier = r^w                                     (shrunk toward 1 in log space: 1 sale moves it ~5%)
 *   confidence = 0.5 + 0.5·w                             (0.5 = prior only, the schema default; → 1)
 *
 * Each ratio is taken against a fresh multiplier-1 valuation, not against the stored estimate: stored
 * estimates already include the multiplier of their day, and dividing by them would compound the multiplier
 * on every run while the same sales stay in the window.
 */

export const MULTIPLIER_MIN = 0.1;
export const MULTIPLIER_MAX = 10;
const PRIOR_WEIGHT_SALES = 20;
/** How often the job recalibrates; written as `nextAdjustment`. */
export const RECALIBRATION_INTERVAL_MS = 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_PERIOD_DAYS = 30;
// An address without a pattern is worth 0 to the model; a ratio against it means nothing.
const MIN_BASE_LAMPORTS = 10;

export interface RecalibrationResult {
  /** False when there were no usable sales (the multiplier is kept) or another instance did it first. */
  changed: boolean;
  multiplier: number;
  salesCount: number;
  confidenceScore: number;
  reason: string;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The model's value of an address at multiplier 1 (its suggested price; 0 without a pattern), in lamports. */
function baseValueLamports(sale: CalibrationSale, network: 'solana'): number {
  const report = analyzeAddress(sale.address, { network, pattern: sale.pattern ?? undefined, baseValueMultiplier: 1 });
  return report.isValid ? Number(report.estimatedValueLamports) : 0;
}

function averageLamports(amounts: readonly bigint[]): bigint | null {
  if (amounts.length === 0) return null;
  const sum = amounts.reduce((acc, a) => acc + a, 0n);
  return truncateToPriceUnit(sum / BigInt(amounts.length)); // numeric(18,8): whole 10-lamport units
}

export async function recalibrateValuation(db: Queryable, opts: { now?: Date } = {}): Promise<RecalibrationResult> {
  const network = 'solana';
  const now = opts.now ?? new Date();
  const active = await valuationRepository.active(db, network);
  const current = active ? Number(active.baseValueMultiplier) : 1;
  const periodDays = active?.salesDataPeriod ?? DEFAULT_PERIOD_DAYS;
  const sales = await valuationRepository.salesBetween(db, network, new Date(now.getTime() - periodDays * DAY_MS), now);

  const used: CalibrationSale[] = [];
  const ratios: number[] = [];
  for (const sale of sales) {
    const base = baseValueLamports(sale, network);
    if (!(base >= MIN_BASE_LAMPORTS)) continue;
    used.push(sale);
    ratios.push(Number(sale.actualSalePrice) / base);
  }
  const keep = (reason: string): RecalibrationResult => ({
    changed: false,
    multiplier: current,
    salesCount: used.length,
    confidenceScore: active ? Number(active.confidenceScore) : 0.5,
    reason,
  });
  if (used.length === 0) return keep(`no sales with a model value in the last ${periodDays} days`);

  const n = used.length;
  const r = clamp(median(ratios), MULTIPLIER_MIN, MULTIPLIER_MAX);
  const w = n / (n + PRIOR_WEIGHT_SALES);
  // numeric(12,6); the clamp keeps it inside the CHECK (> 0) and the documented range.
  const multiplier = Math.round(clamp(Math.exp(w * Math.log(r)), MULTIPLIER_MIN, MULTIPLIER_MAX) * 1e6) / 1e6;
  const confidenceScore = Math.round((0.5 + 0.5 * w) * 100) / 100;
  const estimated = used.map((s) => s.estimatedValue).filter((v): v is bigint => v !== null);
  const reason = `${n} sale${n === 1 ? '' : 's'} in ${periodDays} days; median price/value ratio ${r.toPrecision(4)}`;

  const changed = await valuationRepository.replaceActive(db, {
    network,
    baseValueMultiplier: multiplier.toFixed(6),
    salesDataPeriod: periodDays,
    lastAdjustment: now,
    nextAdjustment: new Date(now.getTime() + RECALIBRATION_INTERVAL_MS),
    salesCount: n,
    averageActualPrice: averageLamports(used.map((s) => s.actualSalePrice)),
    averageEstimatedPrice: averageLamports(estimated),
    adjustmentReason: reason,
    confidenceScore: confidenceScore.toFixed(2),
  });
  return { changed, multiplier, salesCount: n, confidenceScore, reason };
}

/**
 * The job's entry: recalibrates only when the active row's `nextAdjustment` has come (or it has none). Every
 * instance runs every job; the first to get there writes the row, the others then find it not due.
 */
export async function recalibrateValuationIfDue(
  db: Queryable,
  opts: { now?: Date } = {},
): Promise<RecalibrationResult | null> {
  const now = opts.now ?? new Date();
  const active = await valuationRepository.active(db, 'solana');
  if (active?.nextAdjustment && active.nextAdjustment > now) return null;
  return recalibrateValuation(db, { now });
}

/** The active `baseValueMultiplier` for Solana; 1 when none is stored or the stored one is unusable. */
export async function getActiveValuationMultiplier(db: Queryable): Promise<number> {
  const active = await valuationRepository.active(db, 'solana');
  const m = active ? Number(active.baseValueMultiplier) : 1;
  return Number.isFinite(m) && m > 0 ? m : 1;
}
