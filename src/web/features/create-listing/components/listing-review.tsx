import { formatUsd } from '@shared/format/usd';
import { usdValue } from '@shared/money';
import { ShieldCheck } from 'lucide-react';
import { Button } from '@web/components/button';
import { useSolUsdRate } from '../api/get-live-price';

export interface ListingDraft {
  address: string;
  lamports: bigint;
  /** The price as read ("0,5" → "0.5"): what is sent and what the seller confirms. */
  sol: string;
}

/**
 * The last look before a listing goes live: the exact address and the price as the shop read it, so a
 * typo in either is seen before a buyer sees it. USD is a guide at the live rate, shown once the rate is known.
 */
export function ListingReview({
  draft,
  pending,
  onConfirm,
  onBack,
}: {
  draft: ListingDraft;
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const rate = useSolUsdRate();
  return (
    <section
      aria-label="Review listing"
      data-testid="listing-review"
      className="flex flex-col gap-3 rounded-xl bg-vault-950/60 p-4 ring-1 ring-money-500/40"
    >
      <p className="text-sm text-vault-200" data-testid="listing-review-line">
        You are listing{' '}
        <span className="font-mono font-semibold wrap-anywhere text-vault-100" data-testid="listing-review-address">
          {draft.address}
        </span>{' '}
        for <strong className="text-money-300">{draft.sol} SOL</strong>
        {rate !== undefined && <> ≈ {formatUsd(usdValue(draft.lamports, rate))}</>}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onConfirm} loading={pending}>
          <ShieldCheck aria-hidden className="h-4 w-4" /> {pending ? 'Creating Listing...' : 'Confirm and list'}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={pending}>
          Back to edit
        </Button>
      </div>
    </section>
  );
}
