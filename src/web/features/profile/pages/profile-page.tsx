import { Wallet } from 'lucide-react';
import { EmptyState } from '@web/components/empty-state';
import { MyOffers } from '@web/features/bids';
import { ConnectWalletButton, useWallet } from '@web/features/wallet';
import { MyWatchlist } from '@web/features/watchlist';
import { usePurchases } from '@web/features/purchase';
import { useUserPurchases } from '../api/get-user-purchases';
import { MyListings } from '../components/my-listings/my-listings';
import { OwnedAddresses } from '../components/owned-addresses';
import { ProfileHeader } from '../components/profile-header';
import { mergeHistory, PurchaseHistory } from '../components/purchase-history';

export function ProfilePage() {
  const { address, status, isAdmin } = useWallet();
  const signedIn = status === 'connected' ? address : null;
  const purchases = usePurchases(signedIn);
  const transactions = useUserPurchases(signedIn);

  if (!signedIn) {
    return (
      <EmptyState
        titleAs="h1"
        icon={Wallet}
        title="Connect Your Wallet"
        description="Please connect your wallet to view your profile"
        action={<ConnectWalletButton>Connect Wallet</ConnectWalletButton>}
      />
    );
  }

  return (
    <div className="flex flex-col gap-10">
      <ProfileHeader address={signedIn} isAdmin={isAdmin} />
      <OwnedAddresses
        purchases={purchases.data}
        loading={purchases.isPending}
        error={purchases.error}
        wallet={signedIn}
      />
      <MyOffers />
      <MyWatchlist wallet={signedIn} />
      {isAdmin && <MyListings wallet={signedIn} />}
      <PurchaseHistory
        items={mergeHistory(transactions.data, purchases.data)}
        loading={purchases.isPending || transactions.isPending}
        error={transactions.error}
        wallet={signedIn}
      />
    </div>
  );
}
