import { parseCommaLine } from './comma-line';
import { parseJsonLine } from './json-line';
import { MAX_BULK_ERRORS, MAX_BULK_ROWS } from './limits';
import { isBulkLineError, lineError, makeRow, type BulkLineError, type BulkRow } from './types';

// The spec's guess: the first run of 4 to 7 hex characters (digits or a–f in either case).
const GUESSED_PATTERN = /[0-9a-fA-F]{4,7}/;

/**
 * Reads one line of a bulk upload (spec §5). Returns null for blank and header lines; never throws.
 * A brace line is JSON even if it mentions the header words, since a JSON row may well name them.
 */
export function parseBulkLine(text: string, lineNumber: number): BulkRow | BulkLineError | null {
  if (typeof text !== 'string') return lineError(lineNumber, 'not a line of text');
  const line = text.trim();
  if (line === '') return null;
  if (line.startsWith('{')) return parseJsonLine(line, lineNumber);

  const lower = line.toLowerCase();
  if (lower.includes('address') && lower.includes('private') && lower.includes('platform')) return null;
  if (line.includes(',')) return parseCommaLine(line, lineNumber);
  if (line.length > 20) {
    return makeRow(lineNumber, { address: line, pattern: GUESSED_PATTERN.exec(line)?.[0] });
  }
  return lineError(lineNumber, 'not recognised: expected an address, a JSON object, or comma-separated columns');
}

/**
 * Reads a pasted text or CSV file. Bounded whatever the input: stops at MAX_BULK_ROWS rows or MAX_BULK_ERRORS
 * errors with a final error saying so. An address that repeats an earlier row is an error on the later line.
 */
export function parseBulkText(text: string): { rows: BulkRow[]; errors: BulkLineError[] } {
  const rows: BulkRow[] = [];
  const errors: BulkLineError[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.split(/\r\n|\n|\r/);

  for (let i = 0; i < lines.length; i++) {
    const lineNumber = i + 1;
    let result = parseBulkLine(lines[i] ?? '', lineNumber);
    if (result === null) continue;
    if (!isBulkLineError(result)) {
      const earlier = firstLineOf.get(result.address);
      if (earlier !== undefined) {
        result = lineError(lineNumber, `duplicate address (already on line ${earlier})`);
      } else if (rows.length >= MAX_BULK_ROWS) {
        const max = MAX_BULK_ROWS.toLocaleString('en-US');
        errors.push(lineError(lineNumber, `too many addresses: at most ${max} per batch; stopped reading here`));
        break;
      } else {
        firstLineOf.set(result.address, lineNumber);
        rows.push(result);
        continue;
      }
    }
    if (errors.length >= MAX_BULK_ERRORS) {
      errors.push(lineError(lineNumber, 'too many unreadable lines; stopped reading here'));
      break;
    }
    errors.push(result);
  }
  return { rows, errors };
}
