import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { Badge } from '@web/components/badge';
import { Button, buttonClass } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { Dialog, DialogContent } from '@web/components/dialog';
import { useConfig } from '@web/lib/config';
import { useMakeMeAdmin } from '../api/make-me-admin';
import { LOCAL_DEV_WALLET_NAME } from '../local-dev-wallet/constants';
import { useWallet } from '../wallet-context';

export function AccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { address, isAdmin, wallet, disconnect } = useWallet();
  const config = useConfig();
  const makeMeAdmin = useMakeMeAdmin();
  if (!address) return null;
  // Local mode only (the server has the route in local mode alone): ADMIN_WALLETS is read at start-up, before the
  // Local Dev Wallet's address exists, so the wallet offers the step itself.
  const offerAdmin = !isAdmin && wallet?.name === LOCAL_DEV_WALLET_NAME && config.data?.features.localDevWallet;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Your wallet" description={wallet ? `Connected with ${wallet.name}` : 'Signed in'}>
        <div className="flex items-start gap-2 rounded-xl border border-vault-700 bg-vault-950/60 p-3">
          <code className="flex-1 font-mono text-sm break-all text-vault-100">{address}</code>
          <CopyButton value={address} label="Copy address" />
        </div>
        <div className="mt-3 flex gap-2">
          <Badge tone="money">Solana</Badge>
          {isAdmin && <Badge tone="premium">Verified Admin</Badge>}
        </div>
        {offerAdmin && (
          <div className="mt-4 flex flex-col gap-2 rounded-xl border border-vault-700 p-3">
            <p className="text-sm text-vault-300">
              Local mode: make this wallet an admin to create listings and see the Shop page.
            </p>
            <Button
              variant="secondary"
              className="self-start"
              loading={makeMeAdmin.isPending}
              onClick={() => makeMeAdmin.mutate()}
            >
              <ShieldCheck aria-hidden className="h-4 w-4" />
              Make me admin
            </Button>
            {makeMeAdmin.error && (
              <p role="alert" className="text-sm text-danger-400">
                Could not make this wallet an admin: {makeMeAdmin.error.message}
              </p>
            )}
          </div>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <Link to="/profile" className={buttonClass('secondary')} onClick={() => onOpenChange(false)}>
            <UserRound aria-hidden className="h-4 w-4" />
            {isAdmin ? 'Admin Profile' : 'Profile'}
          </Link>
          <Button
            variant="danger"
            onClick={() => {
              onOpenChange(false);
              void disconnect();
            }}
          >
            <LogOut aria-hidden className="h-4 w-4" />
            Disconnect
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
