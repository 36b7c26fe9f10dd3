import { Search, X } from 'lucide-react';
import { Input } from '@web/components/input';

export function SearchBox({
  value,
  onChange,
  tooShort = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The text has no 3 letters or digits in a row yet, so it is not searched. */
  tooShort?: boolean;
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
          placeholder="Search patterns: 0x000, palindromes, words like MOON…"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={tooShort ? 'marketplace-search-hint' : undefined}
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
      {tooShort && (
        <p id="marketplace-search-hint" className="mt-1 text-xs text-gold-300">
          Type at least 3 letters or digits to search
        </p>
      )}
    </div>
  );
}
