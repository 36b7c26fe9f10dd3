/** At most this many addresses per bulk upload (docs/product-spec.md#constants-and-limits). */
export const MAX_BULK_ROWS = 100_000;
/** A bulk file must be under this size (docs/product-spec.md#constants-and-limits: 50MB). */
export const MAX_BULK_FILE_BYTES = 50 * 1024 * 1024;
/**
 * The longest line a bulk upload may have. The longest valid row is a JSON object with every field: an address
 * (at most 44 characters), the secret key as a JSON array of 64 bytes with spaces (about 330), a pattern, price,
 * pattern type and platform (a few dozen) plus keys and quotes: well under 600 characters. 4 KB leaves room for
 * generous spacing; anything longer is not a row, and reading it (base58, JSON) would only cost time
 * (one 8 MB line once blocked every request for seconds).
 */
export const MAX_BULK_LINE_CHARS = 4 * 1024;
/** Reading stops after this many bad lines: enough to show what is wrong, bounded on a garbage file. */
export const MAX_BULK_ERRORS = 1_000;

export type BulkFileCheck =
  { ok: true } | { ok: false; title: 'Invalid File Type' | 'File Too Large'; message: string };

/**
 * The browser's checks before reading a chosen file (docs/product-spec.md#validation-rules); the server repeats the
 * size check.
 */
export function validateBulkFile(name: string, size: number): BulkFileCheck {
  if (!name.toLowerCase().endsWith('.csv')) {
    return { ok: false, title: 'Invalid File Type', message: 'Please choose a .csv file.' };
  }
  if (!(size < MAX_BULK_FILE_BYTES)) {
    return { ok: false, title: 'File Too Large', message: 'The file must be under 50MB.' };
  }
  return { ok: true };
}
