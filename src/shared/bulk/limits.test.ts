import { describe, expect, it } from 'vitest';
import { MAX_BULK_FILE_BYTES, validateBulkFile } from './limits';

describe('validateBulkFile', () => {
  it('accepts a .csv under 50MB, whatever the case of the extension', () => {
    expect(validateBulkFile('keys.csv', 1000)).toEqual({ ok: true });
    expect(validateBulkFile('KEYS.CSV', MAX_BULK_FILE_BYTES - 1)).toEqual({ ok: true });
  });
  it('refuses other file types', () => {
    expect(validateBulkFile('keys.txt', 10)).toMatchObject({ ok: false, title: 'Invalid File Type' });
    expect(validateBulkFile('keys.csv.exe', 10)).toMatchObject({ ok: false, title: 'Invalid File Type' });
  });
  it('refuses 50MB and more', () => {
    expect(validateBulkFile('keys.csv', MAX_BULK_FILE_BYTES)).toMatchObject({ ok: false, title: 'File Too Large' });
    expect(validateBulkFile('keys.csv', NaN)).toMatchObject({ ok: false, title: 'File Too Large' });
  });
});
