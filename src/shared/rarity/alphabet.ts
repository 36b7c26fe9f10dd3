/**
 * The two address alphabets and the per-character facts the probability model needs.
 * Pure and tiny: the browser may import it.
 */

/** Bitcoin/Solana base58: no 0, O, I or l, so no character can be misread as another. */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const base58Index = new Map<string, number>([...BASE58_ALPHABET].map((c, i) => [c, i]));

/** Index of `char` in the base58 alphabet (its digit value), or -1 when it is not base58. */
export function base58Digit(char: string): number {
  return base58Index.get(char) ?? -1;
}

/**
 * The base58 characters that equal `char` when case is ignored. 'a' → ['A', 'a'], but 'o' → ['o'] because
 * 'O' is excluded, 'i' → ['i'] ('I' is excluded) and 'l' → ['L'] ('l' is excluded). Digits map to themselves.
 * A case-insensitive match of a character therefore has probability variants.length / 58, not 2 / 58.
 */
export function base58CaseVariants(char: string): readonly string[] {
  return caseVariantsTable.get(char.toLowerCase()) ?? [];
}

const caseVariantsTable = new Map<string, string[]>();
for (const c of BASE58_ALPHABET) {
  const key = c.toLowerCase();
  const list = caseVariantsTable.get(key) ?? [];
  list.push(c);
  caseVariantsTable.set(key, list);
}

/** True when the character is a letter that base58 has in both cases, so its case carries information. */
export function hasTwoCasesInBase58(char: string): boolean {
  return base58CaseVariants(char).length === 2;
}

export function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

export function isAsciiLetter(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z');
}
