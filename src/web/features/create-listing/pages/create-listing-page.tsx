import { Lock, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { PageHeader } from '@web/components/page-header';
import { useWallet } from '@web/features/wallet';
import { BulkUploadCard } from '../components/bulk-upload-card';
import { CreateListingForm } from '../components/create-listing-form';

export function CreateListingPage() {
  const { address, status, isAdmin, connect } = useWallet();
  if (!address || status !== 'connected') {
    return (
      <EmptyState
        titleAs="h1"
        icon={Wallet}
        title="Wallet Required"
        description="Wallet not connected. Please connect your wallet first."
        action={
          <Button loading={status === 'connecting'} onClick={() => void connect()}>
            Connect Phantom
          </Button>
        }
      />
    );
  }
  if (!isAdmin) {
    return (
      <EmptyState
        titleAs="h1"
        icon={Lock}
        title="Access Restricted"
        description="Create listing is restricted to authorized admin wallets only."
        action={
          <Link to="/marketplace" className={buttonClass('secondary')}>
            Go to Marketplace
          </Link>
        }
      />
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader title="Create Listing" subtitle="List vanity addresses you own in the vault." />
      <CreateListingForm wallet={address} />
      <BulkUploadCard wallet={address} />
    </div>
  );
}
