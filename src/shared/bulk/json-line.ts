import { lineError, makeRow, type BulkLineError, type BulkRow } from './types';

/** A key read only if the object holds it itself, so inherited or `__proto__` keys never count. */
function own(obj: object, key: string): unknown {
  return Object.hasOwn(obj, key) ? (obj as Record<string, unknown>)[key] : undefined;
}

/**
 * `{"address": "...", "pattern": "...", "price": 1.5, "privateKey": "..."}`. A privateKey may also be the
 * solana-keygen byte array; it is passed on as its JSON text, which the key vault accepts.
 */
export function parseJsonLine(text: string, line: number): BulkRow | BulkLineError {
  let value: unknown;
  try {
    // JSON.parse stores "__proto__" as an ordinary own key: it cannot pollute prototypes.
    value = JSON.parse(text);
  } catch {
    // The engine's message quotes the input, which may hold a private key: never pass it on.
    return lineError(line, 'invalid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return lineError(line, 'JSON line must be an object with an "address"');
  }
  const address = own(value, 'address');
  if (typeof address !== 'string' || address.trim() === '') {
    return lineError(line, 'JSON line has no "address"');
  }

  const pattern = own(value, 'pattern');
  if (pattern !== undefined && pattern !== null && typeof pattern !== 'string') {
    return lineError(line, '"pattern" must be a string');
  }
  const price = own(value, 'price');
  if (price !== undefined && price !== null && typeof price !== 'string' && typeof price !== 'number') {
    return lineError(line, '"price" must be a number or a string');
  }
  const key = own(value, 'privateKey');
  let privateKey: string | undefined;
  if (typeof key === 'string') privateKey = key;
  else if (Array.isArray(key) && key.every((b) => typeof b === 'number')) privateKey = JSON.stringify(key);
  else if (key !== undefined && key !== null) {
    return lineError(line, '"privateKey" must be a string or an array of numbers');
  }

  return makeRow(line, {
    address: address.trim(),
    pattern: pattern ?? undefined,
    price: price === undefined || price === null ? undefined : String(price),
    privateKey,
  });
}
