// The browser ESM build bundles its own Buffer shim, so the same import works in Node and in the browser.
import { parse } from 'csv-parse/browser/esm/sync';
import { lineError, makeRow, type BulkLineError, type BulkRow } from './types';

/** Only a short plain word is quoted back: a misplaced column could be a private key. */
const QUOTABLE_PLATFORM = /^[A-Za-z][A-Za-z0-9 _-]{0,19}$/;

function splitColumns(text: string): string[] | null {
  try {
    const records = parse(text, { relax_quotes: true, relax_column_count: true, trim: true });
    return records.length === 1 ? (records[0] ?? null) : null;
  } catch {
    return null; // e.g. an unclosed quote; the parser's message may quote the line, so it is dropped
  }
}

/**
 * 5+ columns: address, private key, platform, pattern type, pattern (solana only).
 * 3–4 columns: address, private key, pattern, price.
 */
export function parseCommaLine(text: string, line: number): BulkRow | BulkLineError {
  const cols = splitColumns(text);
  if (!cols) return lineError(line, 'could not split the comma-separated columns (check the quotes)');
  if (cols.length < 3) {
    return lineError(line, `expected 3 or more comma-separated columns, got ${cols.length}`);
  }
  const [address = '', privateKey, third, fourth, fifth] = cols;
  if (address === '') return lineError(line, 'the address column is empty');

  if (cols.length >= 5) {
    const platform = (third ?? '').toLowerCase();
    if (platform !== 'solana') {
      const shown = QUOTABLE_PLATFORM.test(third ?? '') ? ` "${third}"` : '';
      return lineError(line, `unsupported platform${shown} (only solana is accepted)`);
    }
    return makeRow(line, { address, privateKey, platform, patternType: fourth, pattern: fifth });
  }
  return makeRow(line, { address, privateKey, pattern: third, price: fourth });
}
