import { PageHeader } from '@web/components/page-header';
import { AdminGate } from '@web/features/wallet';
import { BulkUploadCard } from '../components/bulk-upload-card';
import { CreateListingForm } from '../components/create-listing-form';

export function CreateListingPage() {
  return (
    <AdminGate
      walletRequired="Wallet not connected. Please connect your wallet first."
      restricted="Create listing is restricted to authorized admin wallets only."
      connectLabel="Connect Phantom"
    >
      {(wallet) => (
        <div className="mx-auto flex max-w-3xl flex-col gap-6">
          <PageHeader title="Create Listing" subtitle="List vanity addresses you own in the vault." />
          <CreateListingForm wallet={wallet} />
          <BulkUploadCard wallet={wallet} />
        </div>
      )}
    </AdminGate>
  );
}
