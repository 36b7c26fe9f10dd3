/**
 * One listing read from a bulk upload line (docs/product-spec.md#data-shapes "Bulk row"). Values are as written; the
 * server validates.
 */
export interface BulkRow {
  /** 1-based line number in the pasted text or file. */
  line: number;
  address: string;
  privateKey?: string;
  pattern?: string;
  /** SOL as written (decimal string); parse with `parseSolToLamports`. */
  price?: string;
  patternType?: string;
  platform?: string;
  /** Set whenever `pattern` is: whether the pattern occurs in the address, ignoring case. */
  patternMatched?: boolean;
}

/**
 * A line that could not be read. `message` is `Line N: reason`. Neither ever quotes a field that could be a
 * private key: the file is full of them and these messages end up in logs and on screen.
 */
export interface BulkLineError {
  line: number;
  reason: string;
  message: string;
}

export function isBulkLineError(value: BulkRow | BulkLineError): value is BulkLineError {
  return 'reason' in value;
}

export function lineError(line: number, reason: string): BulkLineError {
  return { line, reason, message: `Line ${line}: ${reason}` };
}

/** Builds a row, leaving out empty optional fields and deriving `patternMatched`. */
export function makeRow(line: number, fields: Omit<BulkRow, 'line' | 'patternMatched'>): BulkRow {
  const row: BulkRow = { line, address: fields.address };
  for (const key of ['privateKey', 'pattern', 'price', 'patternType', 'platform'] as const) {
    const value = fields[key]?.trim();
    if (value) row[key] = value;
  }
  if (row.pattern !== undefined) {
    row.patternMatched = row.address.toLowerCase().includes(row.pattern.toLowerCase());
  }
  return row;
}

/** The line number of a `Line N: reason` message (the server's and `lineError`'s form); Infinity for any other text. */
export function lineOfMessage(message: string): number {
  const m = /^Line (\d+):/.exec(message);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}
