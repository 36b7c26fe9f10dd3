import { ExternalLink } from 'lucide-react';
import { Badge } from '@web/components/badge';
import { Dialog, DialogContent } from '@web/components/dialog';
import { useWallet } from '../wallet-context';
import { PHANTOM_DOWNLOAD_URL } from '../phantom';
import { isPhantom, useSolanaWallets } from '../wallet-discovery';
import { LOCAL_DEV_WALLET_NAME } from '../local-dev-wallet/constants';

const rowClass =
  'flex w-full items-center gap-3 rounded-xl border border-vault-700 bg-vault-850 px-4 py-3 text-left ' +
  'transition-colors hover:border-money-500/60 hover:bg-vault-800';

/** Lists the Solana wallets registered in this page, Phantom first (spec: a Phantom-first product). */
export function WalletPickerDialog() {
  const { pickerOpen, setPickerOpen, connect } = useWallet();
  const wallets = useSolanaWallets();
  const hasPhantom = wallets.some(isPhantom);

  return (
    <Dialog open={pickerOpen} onOpenChange={setPickerOpen}>
      <DialogContent
        title="Connect a wallet"
        description="You will sign one message to prove the wallet is yours. It costs nothing and sends no transaction."
      >
        <ul className="flex flex-col gap-2">
          {wallets.map((wallet) => (
            <li key={wallet.name}>
              <button type="button" className={rowClass} onClick={() => void connect(wallet.name)}>
                <img src={wallet.icon} alt="" width={32} height={32} className="h-8 w-8 rounded-lg" />
                <span className="flex-1 font-semibold text-vault-100">{wallet.name}</span>
                {wallet.name === LOCAL_DEV_WALLET_NAME ? (
                  <Badge tone="gold">Local mode</Badge>
                ) : (
                  <Badge tone="money">Detected</Badge>
                )}
              </button>
            </li>
          ))}
          {!hasPhantom && (
            <li>
              <a href={PHANTOM_DOWNLOAD_URL} target="_blank" rel="noreferrer noopener" className={rowClass}>
                <span className="grid h-8 w-8 place-items-center rounded-lg bg-premium-500/20 text-premium-300">P</span>
                <span className="flex-1">
                  <span className="block font-semibold text-vault-100">Phantom</span>
                  <span className="block text-xs text-vault-400">Not installed — get the extension or app</span>
                </span>
                <ExternalLink aria-hidden className="h-4 w-4 text-vault-400" />
              </a>
            </li>
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
