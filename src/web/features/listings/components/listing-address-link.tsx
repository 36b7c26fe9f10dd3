import { truncateListingAddress } from '@shared/format/address';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';
import { addressPath } from '../rules';

/** A listing's address, shortened, as the link to its page; the whole address is the link's title. */
export function ListingAddressLink({ address, className }: { address: string; className?: string }) {
  return (
    <Link
      to={addressPath(address)}
      title={address}
      className={cn('rounded font-mono font-semibold text-vault-100 hover:text-money-300', className)}
    >
      {truncateListingAddress(address)}
    </Link>
  );
}
