import { describe, expect, it } from 'vitest';
import { highlightRange } from './highlight';

describe('highlightRange', () => {
  it('finds prefix, suffix and middle patterns case-insensitively', () => {
    expect(highlightRange('MoonXYZmoon', 'moon')).toEqual([0, 4]);
    expect(highlightRange('MoonXYZmoon', 'moon', 'suffix')).toEqual([7, 11]);
    expect(highlightRange('abcDEFg', 'def')).toEqual([3, 6]);
    expect(highlightRange('abc', 'zz')).toBeNull();
    expect(highlightRange('abc', null)).toBeNull();
  });
});
