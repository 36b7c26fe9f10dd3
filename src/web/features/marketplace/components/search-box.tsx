import type { SearchPosition } from '@shared/api/search-filters';
import { Search, X } from 'lucide-react';
import { Input } from '@web/components/input';
import { SearchNotes } from './search-notes';

// No "0x000": 0 is not in base58, so no Solana address has it.
const PLACEHOLDERS: Record<SearchPosition, string> = {
  anywhere: 'Search patterns: 69, Sol, moon, palindromes…',
  start: 'Address starts with… e.g. 69 or Sol',
  end: 'Address ends with… e.g. 99 or pump',
};

export function SearchBox({
  value,
  onChange,
  position,
}: {
  value: string;
  onChange: (value: string) => void;
  position: SearchPosition;
}) {
  return (
    <div className="flex-1">
      <div className="relative">
        <label htmlFor="marketplace-search" className="sr-only">
          Search addresses
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-vault-400"
        />
        <Input
          id="marketplace-search"
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={PLACEHOLDERS[position]}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="marketplace-search-notes"
          className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {value && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => onChange('')}
            className="absolute top-1/2 right-2 grid h-7 w-7 -translate-y-1/2 place-items-center rounded text-vault-400 hover:text-vault-100"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        )}
      </div>
      <SearchNotes id="marketplace-search-notes" text={value.trim()} position={position} />
    </div>
  );
}
