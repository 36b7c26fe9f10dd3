import type { PatternPosition } from './domain-values';
import { patternKeyOf, type PatternClass } from './pattern-keys';

/** A stored pattern as the index holds it: its class and its key (`patternKeyOf`). */
export interface IndexedPattern {
  position: PatternPosition;
  caseSensitive: boolean;
  key: string;
}

interface TrieNode {
  /** By character code: cheaper to hash than one-character strings. */
  next: Map<number, TrieNode>;
  /** A pattern ends here. */
  end: boolean;
}

const node = (): TrieNode => ({ next: new Map(), end: false });
const classOf = (position: PatternPosition, caseSensitive: boolean) => `${position}|${caseSensitive}`;

/**
 * Which of many stored patterns an address matches, in time that grows with the address, not with the number of
 * patterns (docs/domain.md#bids-and-offers): one trie per position and case. A prefix trie is walked from the first
 * character, a suffix trie (keys stored reversed) from the last, an anywhere trie from every character. Each walk
 * stops at the first character no pattern continues with, so an address costs about its length in map lookups per
 * trie, however many thousands of bids are open.
 */
export class PatternIndex {
  private readonly tries = new Map<string, TrieNode>();

  add(p: IndexedPattern): void {
    const k = classOf(p.position, p.caseSensitive);
    let at: TrieNode = this.tries.get(k) ?? node();
    this.tries.set(k, at);
    const key = p.position === 'suffix' ? [...p.key].reverse().join('') : p.key;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      const next: TrieNode = at.next.get(c) ?? node();
      at.next.set(c, next);
      at = next;
    }
    at.end = true;
  }

  get size(): number {
    return this.tries.size;
  }

  /** Every indexed pattern `address` matches, each once, as its class and key. */
  matches(address: string): (PatternClass & { key: string })[] {
    const found = new Map<string, PatternClass & { key: string }>();
    const lower = address.toLowerCase();
    for (const [k, root] of this.tries) {
      const [position, cs] = k.split('|') as [PatternPosition, string];
      const caseSensitive = cs === 'true';
      const text = caseSensitive ? address : lower;
      const hit = (key: string) => {
        found.set(`${k}|${key}`, { position, caseSensitive, length: key.length, key });
      };
      if (position === 'prefix') walk(root, text, 0, 1, (end) => hit(text.slice(0, end + 1)));
      else if (position === 'suffix') walk(root, text, text.length - 1, -1, (end) => hit(text.slice(end)));
      else for (let i = 0; i < text.length; i += 1) walk(root, text, i, 1, (end) => hit(text.slice(i, end + 1)));
    }
    return [...found.values()];
  }
}

/** Follows `text` from `start` in direction `step` down the trie, calling `onEnd` with the index of each match's end. */
function walk(root: TrieNode, text: string, start: number, step: 1 | -1, onEnd: (end: number) => void): void {
  let at: TrieNode | undefined = root;
  for (let i = start; i >= 0 && i < text.length; i += step) {
    at = at.next.get(text.charCodeAt(i));
    if (!at) return;
    if (at.end) onEnd(i);
  }
}

/** An index of these patterns (as typed), keyed as the database keys them. */
export function indexOf(
  patterns: readonly { pattern: string; position: PatternPosition; caseSensitive: boolean }[],
): PatternIndex {
  const index = new PatternIndex();
  for (const p of patterns) index.add({ ...p, key: patternKeyOf(p.pattern, p.caseSensitive) });
  return index;
}
