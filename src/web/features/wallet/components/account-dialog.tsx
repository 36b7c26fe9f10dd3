import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/badge';
import { Button, buttonClass } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { Dialog, DialogContent } from '@web/components/dialog';
import { useWallet } from '../wallet-context';

export function AccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { address, isAdmin, wallet, disconnect } = useWallet();
  if (!address) return null;

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
