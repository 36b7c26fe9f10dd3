import type { Queryable } from '@server/db/database';
import { DEFAULT_SOLANA_FEE_CONFIG } from '@server/db/seed-reference-data';
import { calculateFees, type Fees } from './fees';
import { referenceDataRepository } from './reference-data.repository';

/**
 * The fees of one purchase at `priceLamports`: the active Solana fee settings (the seeded defaults when none is
 * stored) with the buyer's tier discount. The web initiate and the Actions purchase both charge exactly this.
 */
export async function feesFor(
  db: Queryable,
  priceLamports: bigint,
  tier: { commissionDiscount: string },
  hasTreasury: boolean,
): Promise<Fees> {
  const config = (await referenceDataRepository.activeFeeConfig(db, 'solana')) ?? DEFAULT_SOLANA_FEE_CONFIG;
  return calculateFees(
    priceLamports,
    {
      exchangeFeePercentage: config.exchangeFeePercentage,
      commissionFeePercentage: config.commissionFeePercentage,
      minimumFee: config.minimumFee,
      maximumFee: config.maximumFee,
      gasFeeMultiplier: config.gasFeeMultiplier,
      commissionDiscount: tier.commissionDiscount,
    },
    hasTreasury,
  );
}
