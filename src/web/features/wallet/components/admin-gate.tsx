import { Lock, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { useWallet } from '../wallet-context';
import { ConnectWalletButton } from './connect-wallet-button';

interface AdminGateProps {
  /** Why a wallet is needed, shown until one is connected. */
  walletRequired: string;
  /** What a connected wallet that is not an admin is told. */
  restricted: string;
  connectLabel?: string;
  /** The admin's page, given the connected admin wallet. */
  children: (wallet: string) => ReactNode;
}

/**
 * An admin page's gate: connect first, then admins only. The server refuses non-admins on every admin route anyway;
 * this only spares a visitor a page of errors.
 */
export function AdminGate({ walletRequired, restricted, connectLabel = 'Connect Wallet', children }: AdminGateProps) {
  const { address, status, isAdmin } = useWallet();
  if (!address || status !== 'connected') {
    return (
      <EmptyState
        titleAs="h1"
        icon={Wallet}
        title="Wallet Required"
        description={walletRequired}
        action={<ConnectWalletButton>{connectLabel}</ConnectWalletButton>}
      />
    );
  }
  if (!isAdmin) {
    return (
      <EmptyState
        titleAs="h1"
        icon={Lock}
        title="Access Restricted"
        description={restricted}
        action={
          <Link to="/marketplace" className={buttonClass('secondary')}>
            Go to Marketplace
          </Link>
        }
      />
    );
  }
  return children(address);
}
