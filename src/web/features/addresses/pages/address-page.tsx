import { ArrowLeft, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { useListingByAddress } from '../api/get-listing-by-address';
import { AddressDetails } from '../components/address-details';
import { AddressSkeleton } from '../components/address-skeleton';

export function AddressPage() {
  // React Router has already decoded the URL-encoded address.
  const address = useParams().addressValue ?? '';
  const { data, isPending, isError } = useListingByAddress(address);
  if (isPending) return <AddressSkeleton />;
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
  return <AddressDetails listing={data} />;
}
