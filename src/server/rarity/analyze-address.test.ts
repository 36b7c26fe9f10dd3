import { describe, expect, it } from 'vitest';
import { firstCharProbability } from '@shared/rarity/first-char-distribution';
import { analyzeAddress, type RarityReport } from '.';
import { craftEthereum, craftSolana, encodeKey, randomSolanaAddresses } from '@tests/helpers/rarity-fixtures';
import { lamportsToSolString } from '@shared/money';
import { GRIND_KEYS_PER_SECOND } from '@shared/rarity/valuation';

const relClose = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9);

/** A key with `zeros` leading zero bytes and fixed, featureless-looking other bytes. */
const zeroByteKey = (zeros: number) =>
  encodeKey(Uint8Array.from({ length: 32 }, (_, i) => (i < zeros ? 0 : (i * 37 + 11) & 255)));

describe('analyzeAddress: detected features and categories', () => {
  it('finds nothing notable in featureless filler', () => {
    const report = analyzeAddress(craftSolana(''));
    expect(report).toMatchObject({ isValid: true, pattern: null, patternPosition: null, category: 'custom' });
    expect(report).toMatchObject({ rarityScore: 0, probability: 1, expectedAttempts: 1, estimatedValue: '0' });
  });

  const cases: Array<[string, string, string, RarityReport['category'], RarityReport['patternPosition']]> = [
    ['leading zero bytes', zeroByteKey(3), '111', 'leading-zeros', 'prefix'],
    ['a palindrome', craftSolana('2aB3cDc3Ba2'), '2aB3cDc3Ba2', 'palindrome', 'prefix'],
    ['a repeated character', craftSolana('', 'zzzzz'), 'zzzzz', 'repeating', 'suffix'],
    ['chained English words', craftSolana('GoodLuck'), 'GoodLuck', 'word-like', 'prefix'],
    ['digits of pi', craftSolana('', '31415926'), '31415926', 'mathematical', 'suffix'],
    ['an ascending sequence', craftSolana('C', '23456789'), '23456789', 'mathematical', 'suffix'],
    ['a cultural number', craftSolana('', '1337'), '1337', 'cultural', 'suffix'],
    ['a long run of digits', craftSolana('Ep7', '3847529164'), '33847529164', 'custom', 'suffix'],
  ];
  it.each(cases)('categorises %s', (_name, address, pattern, category, position) => {
    const report = analyzeAddress(address);
    expect(report.isValid).toBe(true);
    expect(report).toMatchObject({ pattern, category, patternPosition: position });
    expect(report.rarityScore).toBeGreaterThan(4);
    expect(report.features.searchTags).toEqual(expect.arrayContaining(['solana', category, pattern.toLowerCase()]));
  });

  it('values leading 1s as zero bytes', () => {
    const report = analyzeAddress(zeroByteKey(3));
    expect(report.probability).toBe(256 ** -3);
    expect(report.features).toMatchObject({ hasLeadingZeros: true, leadingZeroCount: 3 });
  });

  it('finds a word in the middle, case-insensitively', () => {
    const report = analyzeAddress(craftSolana('Ep7', 'ReFUNDs9Ws8Ek5'));
    expect(report.pattern?.toLowerCase()).toBe('refunds');
    expect(report).toMatchObject({ category: 'word-like', patternPosition: 'middle' });
    expect(report.features).toMatchObject({ hasWordPattern: true, caseSensitivePattern: false });
  });

  it('fills the listing feature columns', () => {
    const report = analyzeAddress(craftSolana('C7777', 'Xabcde3aB2Ba3111'));
    expect(report.features).toMatchObject({
      repeatingDigits: 4,
      hasTrailingZeros: true,
      trailingZeroCount: 3,
      hasSequence: true,
      hasPalindrome: true,
      hasLeadingZeros: false,
    });
    expect(report.features.patternLength).toBe(report.pattern?.length);
  });
});

describe('analyzeAddress: a declared pattern', () => {
  it('is valued where it sits, case-sensitively first', () => {
    const exact = analyzeAddress(craftSolana('Bx9q'), { pattern: 'Bx9q' });
    expect(exact).toMatchObject({ pattern: 'Bx9q', patternPosition: 'prefix', category: 'custom' });
    relClose(exact.probability, firstCharProbability('B') / 58 ** 3);
    expect(exact.features.caseSensitivePattern).toBe(true);

    const loose = analyzeAddress(craftSolana('BX9Q'), { pattern: 'bx9q' });
    expect(loose).toMatchObject({ pattern: 'BX9Q', patternPosition: 'prefix' });
    relClose(loose.probability, ((firstCharProbability('B') + firstCharProbability('b')) * 2 * 2) / 58 ** 3);
    expect(loose.features.caseSensitivePattern).toBe(false);
    expect(loose.rarityScore).toBeLessThan(exact.rarityScore);
  });

  it('prices a suffix at 58^-n and a middle match at every place it could sit', () => {
    const address = craftSolana('', 'Zk4W');
    relClose(analyzeAddress(address, { pattern: 'Zk4W' }).probability, 58 ** -4);
    const middle = analyzeAddress(address, { pattern: 'Yp4Nz8' });
    expect(middle.patternPosition).toBe('middle');
    // 1 − (1 − q)^m for m = length − 5 places; with q this small it is m·q to within m·q/10^8.
    const places = address.length - 5;
    expect(Math.abs(middle.probability - places * 58 ** -6)).toBeLessThan(places * 58 ** -6 * 1e-8);
  });

  it('is categorised by what it is', () => {
    expect(analyzeAddress(craftSolana('', 'GoodLuck'), { pattern: 'GoodLuck' }).category).toBe('word-like');
    expect(analyzeAddress(craftSolana('', '7777'), { pattern: '7777' }).category).toBe('repeating');
    expect(analyzeAddress(craftSolana('', '6789'), { pattern: '6789' }).category).toBe('mathematical');
    expect(analyzeAddress(zeroByteKey(2), { pattern: '11' }).category).toBe('leading-zeros');
  });

  it('falls back to detection, and says so, when it does not occur', () => {
    const report = analyzeAddress(craftSolana('', 'zzzzz'), { pattern: 'Nope' });
    expect(report.message).toBe('Valid Solana address; the declared pattern "Nope" does not occur in it');
    expect(report.pattern).toBe('zzzzz');
  });

  it("treats 'custom' and blanks as no pattern", () => {
    const detected = analyzeAddress(craftSolana('', 'zzzzz'));
    expect(analyzeAddress(craftSolana('', 'zzzzz'), { pattern: 'custom' })).toEqual(detected);
    expect(analyzeAddress(craftSolana('', 'zzzzz'), { pattern: '  ' })).toEqual(detected);
  });
});

describe('analyzeAddress: the report', () => {
  it('reports attempts, median, grind time and value consistently', () => {
    const report = analyzeAddress(craftSolana('', 'zXr9Wq2E'), { pattern: 'zXr9Wq2E' });
    relClose(report.expectedAttempts, 1 / report.probability);
    relClose(report.medianAttempts, Math.LN2 / report.probability);
    relClose(report.grindSeconds, report.expectedAttempts / Number(GRIND_KEYS_PER_SECOND.solana));
    expect(report.estimatedValue).toBe(lamportsToSolString(report.estimatedValueLamports));
    expect(report.rarityScore).toBe(10);
  });

  it('answers invalid input with a message and zeros', () => {
    const report = analyzeAddress('  not-an-address  ');
    expect(report).toMatchObject({ isValid: false, network: 'solana', address: '', pattern: null });
    expect(report.message).toContain('not base58');
    expect(report).toMatchObject({ rarityScore: 0, probability: 0, expectedAttempts: 0, medianAttempts: 0 });
    expect(report).toMatchObject({ grindSeconds: 0, estimatedValueLamports: 0n, estimatedValue: '0' });
    expect(report.features).toMatchObject({ patternLength: 0, searchTags: [], hasLeadingZeros: false });
  });

  it('recognises Ethereum by its 0x unless told the network', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(analyzeAddress(address)).toMatchObject({
      isValid: true,
      network: 'ethereum',
      message: 'Valid Ethereum address (EIP-55 checksum verified)',
    });
    expect(analyzeAddress(address, { network: 'solana' })).toMatchObject({ isValid: false, network: 'solana' });
    expect(analyzeAddress(address.replace('aAeb', 'aaeb'))).toMatchObject({ isValid: false });
  });

  it('values Ethereum hex at 16^-n, whatever the case of the pattern', () => {
    const report = analyzeAddress(craftEthereum('dead'), { pattern: '0xDEAD' });
    expect(report).toMatchObject({ pattern: 'dead', patternPosition: 'prefix', category: 'word-like' });
    expect(report.probability).toBe(16 ** -4);
    const zeros = analyzeAddress(craftEthereum('00000000'));
    expect(zeros).toMatchObject({ pattern: '00000000', category: 'leading-zeros', probability: 16 ** -8 });
    expect(zeros.features).toMatchObject({ leadingZeroCount: 8, caseSensitivePattern: false });
    expect(analyzeAddress(craftEthereum('deadbeef')).pattern).toBe('deadbeef');
  });

  it('stays fast enough for 100,000-row bulk uploads', () => {
    const addresses = randomSolanaAddresses(3000);
    for (const a of addresses.slice(0, 200)) analyzeAddress(a); // warm-up, loads the word list
    const start = performance.now();
    for (const a of addresses) analyzeAddress(a);
    const perAddressMs = (performance.now() - start) / addresses.length;
    expect(perAddressMs).toBeLessThan(0.5); // ~0.04 ms on a developer machine; loose for slow CI
  });
});
