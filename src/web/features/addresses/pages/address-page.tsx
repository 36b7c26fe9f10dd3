import { ArrowLeft, SearchX, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { useAddressProvenance } from '../api/get-address-provenance';
import { useListingByAddress } from '../api/get-listing-by-address';
import { ListingDetails } from '../components/address-details';
import { AddressSkeleton } from '../components/address-skeleton';

export function AddressPage() {
  // React Router has already decoded the URL-encoded address.
  const address = useParams().addressValue ?? '';
  const { data, isPending, isError } = useListingByAddress(address);
  const unlisted = !isPending && (isError || !data);
  const provenance = useAddressProvenance(address, unlisted);
  if (isPending || (unlisted && provenance.isPending)) return <AddressSkeleton />;
  if (unlisted && provenance.data) {
    const made = provenance.data.lane === 'split-key' ? 'a token mint or program' : 'an account with no key at all';
    return (
      <EmptyState
        titleAs="h1"
        icon={ShieldCheck}
        title="Key never held by the shop"
        description={
          <>
            <span className="font-mono break-all text-vault-100">{address}</span> was ground to order as {made}. The
            shop found only a public value that completes the buyer&apos;s own secret (for a keyless account, a seed for
            the buyer&apos;s wallet): nobody else ever held its key. It is not for sale.
          </>
        }
        action={
          <Link to="/marketplace" className={buttonClass('secondary')}>
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Marketplace
          </Link>
        }
      />
    );
  }
  if (isError || !data) {
    return (
      <EmptyState
        titleAs="h1"
        icon={SearchX}
        title="Address Not Found"
        description="The address you're looking for is not available in our marketplace."
        action={
          <Link to="/marketplace" className={buttonClass('secondary')}>
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Marketplace
          </Link>
        }
      />
    );
  }
  return <ListingDetails listing={data} />;
}
