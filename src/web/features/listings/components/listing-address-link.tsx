import { shortListingAddress } from '@shared/format/address';
import { Link } from 'wouter';
import { cn } from '@web/lib/cn';
import { addressPath } from '../rules';

/**
 * A listing's address, shortened around its pattern (never through it), as the link to its page; the whole address
 * is the link's title. Exact characters: no text-transform reaches it, and it is never cut by CSS either.
 */
export function ListingAddressLink({
  address,
  pattern,
  patternPosition,
  className,
}: {
  address: string;
  pattern?: string | null;
  patternPosition?: string | null;
  className?: string;
}) {
  return (
    <Link
      to={addressPath(address)}
      title={address}
      data-testid="listing-address"
      className={cn('rounded font-mono font-semibold normal-case text-vault-100 hover:text-money-300', className)}
    >
      {shortListingAddress(address, pattern, patternPosition)}
    </Link>
  );
}
