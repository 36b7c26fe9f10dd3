import { profileWallet } from '@shared/format/address';
import { UserRound, X } from 'lucide-react';
import { Button } from '@web/components/button';

/** The marketplace narrowed to one seller (from an address page's "See all from this seller"), and the way out. */
export function SellerFilter({ seller, onClear }: { seller: string; onClear: () => void }) {
  return (
    <section
      aria-label="Seller"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-vault-900 px-4 py-3 ring-1 ring-vault-700"
    >
      <p className="flex items-center gap-2 text-sm text-vault-200">
        <UserRound aria-hidden className="h-4 w-4 text-vault-400" />
        Listings by seller{' '}
        <span title={seller} className="font-mono font-semibold text-vault-100" data-testid="seller-filter-wallet">
          {profileWallet(seller)}
        </span>
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden className="h-4 w-4" /> All sellers
      </Button>
    </section>
  );
}
