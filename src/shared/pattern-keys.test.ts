import { describe, expect, it } from 'vitest';
import { addressKeys, matchesPattern, patternKeyOf } from './pattern-keys';

const address = 'SoLabc9xyzQQ1234567890ABCDEFGHJKLMNPQRSTUVW';

describe('pattern keys', () => {
  it('keys a pattern by case', () => {
    expect(patternKeyOf('SoL', true)).toBe('SoL');
    expect(patternKeyOf('SoL', false)).toBe('sol');
  });

  it('cuts an address into the keys of each position', () => {
    expect(addressKeys(address, { position: 'prefix', caseSensitive: true, length: 3 })).toEqual(['SoL']);
    expect(addressKeys(address, { position: 'prefix', caseSensitive: false, length: 3 })).toEqual(['sol']);
    expect(addressKeys(address, { position: 'suffix', caseSensitive: true, length: 2 })).toEqual(['VW']);
    const windows = addressKeys(address, { position: 'anywhere', caseSensitive: true, length: 4 });
    expect(windows).toContain('9xyz');
    expect(windows).toHaveLength(address.length - 3);
    expect(addressKeys(address, { position: 'anywhere', caseSensitive: true, length: 0 })).toEqual([]);
  });

  it('matches as the index does', () => {
    expect(matchesPattern(address, { pattern: 'sol', position: 'prefix', caseSensitive: false })).toBe(true);
    expect(matchesPattern(address, { pattern: 'sol', position: 'prefix', caseSensitive: true })).toBe(false);
    expect(matchesPattern(address, { pattern: 'tuvw', position: 'suffix', caseSensitive: false })).toBe(true);
    expect(matchesPattern(address, { pattern: 'QQ12', position: 'anywhere', caseSensitive: true })).toBe(true);
    expect(matchesPattern(address, { pattern: 'QQ12', position: 'prefix', caseSensitive: true })).toBe(false);
  });
});
