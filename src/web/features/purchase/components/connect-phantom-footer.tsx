import { Wallet } from 'lucide-react';
import { Button } from '@web/components/button';
import { useWallet } from '@web/features/wallet';
import { headerWallet } from '@shared/format/address';

/**
 * docs/product-spec.md#secure-transaction: a manual wallet connect at the end of the pay screen, for when the automatic
 * one did not happen.
 */
export function ConnectPhantomFooter() {
  const { address, status, connect } = useWallet();
  if (address && status === 'connected') {
    return (
      <p className="text-center text-sm text-vault-400">
        Paying from <span className="font-mono text-vault-200">{headerWallet(address)}</span>
      </p>
    );
  }
  return (
    <div className="flex justify-center">
      <Button variant="secondary" loading={status === 'connecting'} onClick={() => void connect()}>
        <Wallet aria-hidden className="h-4 w-4" />
        Connect Phantom
      </Button>
    </div>
  );
}
