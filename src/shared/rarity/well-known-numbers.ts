/**
 * Numbers people recognise. Kept as data so the list can grow without touching the detector.
 * Solana addresses cannot contain '0' (not base58), so entries with a zero only ever match Ethereum.
 */

/** Meme, luck and hacker numbers: matched as whole strings. */
export const CULTURAL_NUMBERS: readonly string[] = [
  '42',
  '69',
  '420',
  '666',
  '777',
  '888',
  '911',
  '1337',
  '6969',
  '8888',
  '31337',
  '42069',
  '80085',
  '8008135',
  '2024',
  '2025',
];

/**
 * Constants whose leading digits people recognise; any leading run of at least MIN_CONSTANT_DIGITS counts,
 * longer being rarer. Digits are written without the decimal point.
 */
export const MATHEMATICAL_CONSTANTS: readonly { name: string; digits: string }[] = [
  { name: 'pi', digits: '314159265358979323846' },
  { name: 'e', digits: '271828182845904523536' },
  { name: 'phi', digits: '161803398874989484820' },
  { name: 'sqrt2', digits: '141421356237309504880' },
  { name: 'sqrt3', digits: '173205080756887729352' },
  { name: 'fibonacci', digits: '1123581321345589144' },
  { name: 'primes', digits: '235711131719232931' },
  { name: 'squares', digits: '149162536496481' },
  { name: 'powers-of-two', digits: '1248163264128256512' },
];

export const MIN_CONSTANT_DIGITS = 4;

/** Single famous numbers that are not digit expansions. */
export const MATHEMATICAL_NUMBERS: readonly string[] = ['1729', '6174', '65537', '1024', '2048', '4096', '65536'];
