import { formatSolAmount, lamportsToSolString } from '@shared/money';
import { cn } from '@web/lib/cn';
import { useWalletBalance } from '../use-wallet-balance';

/**
 * The connected wallet's SOL balance in the header. Lamports → SOL text and rounding are decimal
 * string steps, never a float; four decimals are enough to see what a purchase will leave.
 */
export function WalletBalance({ className }: { className?: string }) {
  const balance = useWalletBalance();
  if (balance.data === undefined) return null;
  const full = lamportsToSolString(balance.data);
  return (
    <span
      className={cn('font-mono text-sm whitespace-nowrap text-vault-200', className)}
      data-testid="wallet-balance"
      title={`${full} SOL`}
    >
      <span className="sr-only">Wallet balance: </span>
      {formatSolAmount(full, 4)} SOL
    </span>
  );
}
