import { headerWallet } from '@shared/format/address';
import { Wallet as WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { useWallet } from '../wallet-context';
import { AccountDialog } from './account-dialog';
import { WalletPickerDialog } from './wallet-picker-dialog';

/** The header's wallet control: 'Connect Wallet', or the shortened address (8…4) opening the account dialog. */
export function WalletButton() {
  const { address, status, connect } = useWallet();
  const [accountOpen, setAccountOpen] = useState(false);

  return (
    <>
      {address ? (
        <Button
          variant="secondary"
          onClick={() => setAccountOpen(true)}
          // Starts with the visible text (WCAG 2.5.3 label in name), then the full address for screen readers.
          aria-label={`${headerWallet(address)} wallet ${address}${status === 'connecting' ? ' (connecting)' : ''}`}
          data-testid="wallet-button"
        >
          <span
            aria-hidden
            className={
              status === 'connected'
                ? 'h-2 w-2 rounded-full bg-money-400'
                : 'h-2 w-2 animate-pulse rounded-full bg-gold-400'
            }
          />
          <span className="font-mono">{headerWallet(address)}</span>
        </Button>
      ) : (
        <Button onClick={() => void connect()} loading={status === 'connecting'} data-testid="wallet-button">
          {/* The icon goes on the narrowest phones (360 px) so brand and button share one row. */}
          {status !== 'connecting' && <WalletIcon aria-hidden className="hidden h-4 w-4 min-[380px]:block" />}
          {status === 'connecting' ? 'Connecting...' : 'Connect Wallet'}
        </Button>
      )}
      <WalletPickerDialog />
      <AccountDialog open={accountOpen} onOpenChange={setAccountOpen} />
    </>
  );
}
