import type { SearchPosition } from '@shared/api/search-filters';
import { charactersNotInAddresses, isSearchableText, MIN_SEARCH_RUN } from '@shared/api/search-text';

const quoted = (chars: string[]) =>
  chars.length === 1
    ? `"${chars[0]}"`
    : `${chars
        .slice(0, -1)
        .map((c) => `"${c}"`)
        .join(', ')} and "${chars.at(-1)}"`;

/**
 * What the search box's text means before the results say it: a position chosen with no text (it shows
 * the listings whose pattern sits there),
 * text too short to search, and characters no Solana address can hold (base58 leaves out 0, O, I and l, which look
 * alike, and everything that is not a letter or digit), which otherwise only showed as "No addresses found".
 */
export function SearchNotes({ id, text, position }: { id: string; text: string; position: SearchPosition }) {
  const notes: { key: string; tone: 'info' | 'warn'; text: string }[] = [];
  if (text === '' && position !== 'anywhere') {
    notes.push({
      key: 'position',
      tone: 'info',
      text: `${position === 'start' ? 'Starts with' : 'Ends with'}: showing addresses whose pattern is at the ${position === 'start' ? 'start' : 'end'}. Type characters to match how the address ${position === 'start' ? 'starts' : 'ends'}; one is enough.`,
    });
  }
  if (text !== '' && !isSearchableText(text, position)) {
    notes.push({
      key: 'short',
      tone: 'warn',
      text:
        MIN_SEARCH_RUN[position] === 1
          ? 'Type a letter or digit to search'
          : 'Type at least 2 letters or digits to search anywhere, or choose Starts with or Ends with to search from 1',
    });
  }
  const outside = charactersNotInAddresses(text);
  if (outside.length > 0) {
    const caseNote = outside.some((c) => c === 'O' || c === 'I' || c === 'l')
      ? ' The search ignores case, so O still finds o, I finds i and l finds L.'
      : '';
    notes.push({
      key: 'base58',
      tone: 'warn',
      text: `${quoted(outside)} never appear${outside.length === 1 ? 's' : ''} in a Solana address: addresses are base58, which has only letters and digits and leaves out 0, O, I and l so that no two characters look alike.${caseNote}`,
    });
  }
  return (
    <div id={id} aria-live="polite" className="empty:hidden" data-testid="search-notes">
      {notes.map((n) => (
        <p key={n.key} className={n.tone === 'warn' ? 'mt-1 text-xs text-gold-300' : 'mt-1 text-xs text-vault-300'}>
          {n.text}
        </p>
      ))}
    </div>
  );
}
