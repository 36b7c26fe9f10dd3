import { OWNED_STATUSES, type PurchaseView } from '@shared/api/transactions';
import { Vault } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { CardGridSkeleton } from '@web/components/skeleton';
import { OwnedAddressCard } from './owned-address-card';

export function OwnedAddresses({
  purchases,
  loading,
  error,
  wallet,
}: {
  purchases: PurchaseView[] | undefined;
  loading: boolean;
  /** A failed fetch must not read as "No Addresses Owned". */
  error: Error | null;
  wallet: string;
}) {
  const owned = (purchases ?? []).filter((p) => OWNED_STATUSES.includes(p.status));
  return (
    <section aria-labelledby="my-addresses" className="flex flex-col gap-4">
      <SectionTitle id="my-addresses" title="My Addresses" count={loading ? undefined : owned.length} />
      {loading ? (
        <CardGridSkeleton />
      ) : error ? (
        <FetchError what="user purchases" error={error} />
      ) : owned.length === 0 ? (
        <EmptyState
          titleAs="h3"
          icon={Vault}
          title="No Addresses Owned"
          description="Addresses you buy appear here, with their private keys."
          action={
            <Link to="/marketplace" className={buttonClass('primary')}>
              Browse Marketplace
            </Link>
          }
        />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {owned.map((purchase) => (
            <OwnedAddressCard key={purchase.id} purchase={purchase} wallet={wallet} />
          ))}
        </div>
      )}
    </section>
  );
}
