import { parseCommaLine } from './comma-line';
import { parseJsonLine } from './json-line';
import { MAX_BULK_ERRORS, MAX_BULK_LINE_CHARS, MAX_BULK_ROWS } from './limits';
import { isBulkLineError, lineError, makeRow, type BulkLineError, type BulkRow } from './types';

// The spec's guess: the first run of 4 to 7 hex characters (digits or a–f in either case).
const GUESSED_PATTERN = /[0-9a-fA-F]{4,7}/;

/**
 * Reads one line of a bulk upload (docs/product-spec.md#validation-rules). Returns null for blank and header lines;
 * never throws. A brace line is JSON even if it mentions the header words, since a JSON row may well name them.
 */
export function parseBulkLine(text: string, lineNumber: number): BulkRow | BulkLineError | null {
  if (typeof text !== 'string') return lineError(lineNumber, 'not a line of text');
  // Checked before anything reads the line: no valid row comes near the limit (limits.ts).
  if (text.length > MAX_BULK_LINE_CHARS) {
    const max = MAX_BULK_LINE_CHARS.toLocaleString('en-US');
    return lineError(lineNumber, `line too long: at most ${max} characters per line`);
  }
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

export interface BulkParseResult {
  rows: BulkRow[];
  errors: BulkLineError[];
}

/** Characters read between two pauses of `parseBulkTextInSlices`: a few milliseconds of work. */
const SLICE_CHARS = 256 * 1024;

/**
 * The lines of a text with their numbers, found one at a time (a 50 MB file is never split into one array).
 * CRLF, LF and lone CR all end a line.
 */
function* linesOf(text: string): Generator<[line: string, lineNumber: number]> {
  const end = /\r\n|\n|\r/g;
  let start = 0;
  let lineNumber = 1;
  for (let m = end.exec(text); m !== null; m = end.exec(text)) {
    yield [text.slice(start, m.index), lineNumber++];
    start = end.lastIndex;
  }
  yield [text.slice(start), lineNumber];
}

/** The reading of a whole text, line by line; `add` says false once reading must stop. */
function createTextReader() {
  const result: BulkParseResult = { rows: [], errors: [] };
  const { rows, errors } = result;
  const firstLineOf = new Map<string, number>();
  function add(text: string, lineNumber: number): boolean {
    let parsed = parseBulkLine(text, lineNumber);
    if (parsed === null) return true;
    if (!isBulkLineError(parsed)) {
      const earlier = firstLineOf.get(parsed.address);
      if (earlier !== undefined) {
        parsed = lineError(lineNumber, `duplicate address (already on line ${earlier})`);
      } else if (rows.length >= MAX_BULK_ROWS) {
        const max = MAX_BULK_ROWS.toLocaleString('en-US');
        errors.push(lineError(lineNumber, `too many addresses: at most ${max} per batch; stopped reading here`));
        return false;
      } else {
        firstLineOf.set(parsed.address, lineNumber);
        rows.push(parsed);
        return true;
      }
    }
    if (errors.length >= MAX_BULK_ERRORS) {
      errors.push(lineError(lineNumber, 'too many unreadable lines; stopped reading here'));
      return false;
    }
    errors.push(parsed);
    return true;
  }
  return { add, result };
}

/**
 * Reads a pasted text or CSV file. Bounded whatever the input: stops at MAX_BULK_ROWS rows or MAX_BULK_ERRORS
 * errors with a final error saying so. An address that repeats an earlier row is an error on the later line.
 */
export function parseBulkText(text: string): BulkParseResult {
  const reader = createTextReader();
  for (const [line, lineNumber] of linesOf(text)) if (!reader.add(line, lineNumber)) break;
  return reader.result;
}

/**
 * parseBulkText for a server reading an upload: the same answer, but it awaits `pause` after every SLICE_CHARS
 * characters, so the process answers other requests while a 50 MB file is read.
 */
export async function parseBulkTextInSlices(text: string, pause: () => Promise<void>): Promise<BulkParseResult> {
  const reader = createTextReader();
  let sinceLastPause = 0;
  for (const [line, lineNumber] of linesOf(text)) {
    if (!reader.add(line, lineNumber)) break;
    sinceLastPause += line.length + 1;
    if (sinceLastPause >= SLICE_CHARS) {
      sinceLastPause = 0;
      await pause();
    }
  }
  return reader.result;
}
