import { Wallet } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';

/** One click from an unpaid purchase to its pay page: profile, transaction page and address page. */
export function ContinueCheckoutLink({
  transactionId,
  size = 'md',
  className,
}: {
  transactionId: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  return (
    <Link to={`/secure-transaction/${transactionId}`} className={buttonClass('primary', size, className)}>
      <Wallet aria-hidden className="h-4 w-4" />
      Continue checkout
    </Link>
  );
}
