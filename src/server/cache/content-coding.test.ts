import { describe, expect, it } from 'vitest';
import { preferredCoding } from './content-coding';

describe('preferredCoding', () => {
  it('prefers brotli, honours weights and refusals, and sends plain bytes when nothing fits', () => {
    expect(preferredCoding(undefined)).toBeNull();
    expect(preferredCoding('gzip, deflate, br')).toBe('br');
    expect(preferredCoding('gzip')).toBe('gzip');
    expect(preferredCoding('x-gzip')).toBe('gzip');
    expect(preferredCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*, br;q=0')).toBe('gzip');
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding('deflate')).toBeNull();
  });
});
