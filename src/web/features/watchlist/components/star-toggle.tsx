import { Star } from 'lucide-react';
import { cn } from '@web/lib/cn';

export function StarToggle({
  starred,
  onToggle,
  label,
}: {
  starred: boolean;
  onToggle: () => void;
  /** What is starred, for screen readers: "Watch {address}". */
  label: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={label}
      title={starred ? 'Remove from watchlist' : 'Add to watchlist'}
      onClick={onToggle}
      className="grid h-8 w-8 place-items-center rounded-md text-vault-400 transition-colors hover:bg-vault-800 hover:text-gold-300"
    >
      <Star aria-hidden className={cn('h-4 w-4', starred && 'fill-gold-400 text-gold-400')} />
    </button>
  );
}
