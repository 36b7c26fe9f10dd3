import { headerWallet } from '@shared/format/address';
import { Wallet as WalletIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@web/components/button';
import { useWallet } from '../wallet-context';
import { WalletBalance } from './wallet-balance';

// Dialog code (Radix, wallet discovery) loads the first time a dialog opens, not with the header.
const AccountDialog = lazy(() => import('./account-dialog').then((m) => ({ default: m.AccountDialog })));
const WalletPickerDialog = lazy(() =>
  import('./wallet-picker-dialog').then((m) => ({ default: m.WalletPickerDialog })),
);

/**
 * The header's wallet control: 'Connect Wallet', or the shortened address (8…4) opening the account dialog, or 'Sign in
 * again' once the server has ended the session this tab shows.
 */
export function WalletButton() {
  const { address, status, connect, pickerOpen, sessionEnded, signInAgain } = useWallet();
  const [accountOpen, setAccountOpen] = useState(false);
  // Once mounted a dialog stays mounted, so it can animate out when it closes.
  const [pickerUsed, setPickerUsed] = useState(false);
  const [accountUsed, setAccountUsed] = useState(false);
  if (pickerOpen && !pickerUsed) setPickerUsed(true);
  if (accountOpen && !accountUsed) setAccountUsed(true);

  return (
    <>
      {/* Phones show the balance in the header's second row (site-header.tsx): one row holds brand and button. */}
      {address && status === 'connected' && <WalletBalance className="hidden sm:inline" />}
      {address && !sessionEnded ? (
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
        // With an address here, the session ended: the same wallet signs in again.
        <Button
          onClick={() => void (address ? signInAgain() : connect())}
          loading={status === 'connecting'}
          aria-label={address ? `Sign in again as ${address}` : undefined}
          data-testid="wallet-button"
        >
          {/* The icon goes on the narrowest phones (360 px) so brand and button share one row. */}
          {!address && status !== 'connecting' && (
            <WalletIcon aria-hidden className="hidden h-4 w-4 min-[380px]:block" />
          )}
          {status === 'connecting' ? 'Connecting...' : address ? 'Sign in again' : 'Connect Wallet'}
        </Button>
      )}
      <Suspense fallback={null}>
        {pickerUsed && <WalletPickerDialog />}
        {accountUsed && <AccountDialog open={accountOpen} onOpenChange={setAccountOpen} />}
      </Suspense>
    </>
  );
}
