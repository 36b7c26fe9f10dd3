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
  /** Lengths of the patterns that end here; with `fail`, of every pattern ending at this point of a text. */
  ends: number[];
  /** Aho–Corasick: the longest proper suffix of this node's path that is also a path (set by `seal`). */
  fail: TrieNode | null;
}

const node = (): TrieNode => ({ next: new Map(), ends: [], fail: null });
const classOf = (position: PatternPosition, caseSensitive: boolean) => `${position}|${caseSensitive}`;

/**
 * Which of many stored patterns an address matches, in time that grows with the address, not with the number of
 * patterns (docs/domain.md#bids-and-offers): one trie per position and case. A prefix trie is walked from the first
 * character and a suffix trie (keys stored reversed) from the last, each stopping at the first character no pattern
 * continues with. An anywhere trie is an Aho–Corasick automaton once `seal`ed: one pass over the address finds
 * every pattern in it; patterns added after the seal are walked from every character until the next seal.
 */
export class PatternIndex {
  private readonly tries = new Map<string, TrieNode>();
  /** Anywhere patterns added since the last seal, by case: walked naively. */
  private readonly unsealed = new Map<string, TrieNode>();
  private readonly sealedClasses = new Set<string>();

  add(p: IndexedPattern): void {
    const k = classOf(p.position, p.caseSensitive);
    const target = p.position === 'anywhere' && this.sealedClasses.has(k) ? this.unsealed : this.tries;
    const root = target.get(k) ?? node();
    target.set(k, root);
    const key = p.position === 'suffix' ? [...p.key].reverse().join('') : p.key;
    let at = root;
    for (let i = 0; i < key.length; i += 1) {
      const c = key.charCodeAt(i);
      const next = at.next.get(c) ?? node();
      at.next.set(c, next);
      at = next;
    }
    if (!at.ends.includes(key.length)) at.ends.push(key.length);
  }

  /** Builds the Aho–Corasick links of the anywhere tries (once, after the bulk of the patterns is added). */
  seal(): void {
    for (const [k, root] of this.tries) {
      if (!k.startsWith('anywhere|') || this.sealedClasses.has(k)) continue;
      root.fail = root;
      const queue: TrieNode[] = [];
      for (const child of root.next.values()) {
        child.fail = root;
        queue.push(child);
      }
      for (let q = 0; q < queue.length; q += 1) {
        const at = queue[q]!;
        for (const [c, child] of at.next) {
          let f = at.fail!;
          while (f !== root && !f.next.has(c)) f = f.fail!;
          const target = f.next.get(c);
          child.fail = target && target !== child ? target : root;
          child.ends.push(...child.fail.ends.filter((n) => !child.ends.includes(n)));
          queue.push(child);
        }
      }
      this.sealedClasses.add(k);
    }
  }

  get size(): number {
    return this.tries.size + this.unsealed.size;
  }

  /** Every indexed pattern `address` matches, each once, as its class and key. */
  matches(address: string): (PatternClass & { key: string })[] {
    const found = new Map<string, PatternClass & { key: string }>();
    const lower = address.toLowerCase();
    const hit = (k: string, text: string, start: number, end: number) => {
      const key = text.slice(start, end);
      const [position, cs] = k.split('|') as [PatternPosition, string];
      found.set(`${k}|${key}`, { position, caseSensitive: cs === 'true', length: key.length, key });
    };
    for (const [k, root] of this.tries) {
      const text = k.endsWith('|true') ? address : lower;
      if (k.startsWith('prefix|')) walk(root, text, 0, 1, (i, n) => hit(k, text, 0, n));
      else if (k.startsWith('suffix|'))
        walk(root, text, text.length - 1, -1, (_, n) => hit(k, text, text.length - n, text.length));
      else if (this.sealedClasses.has(k)) scan(root, text, (end, n) => hit(k, text, end + 1 - n, end + 1));
      else for (let i = 0; i < text.length; i += 1) walk(root, text, i, 1, (_, n) => hit(k, text, i, i + n));
    }
    for (const [k, root] of this.unsealed) {
      const text = k.endsWith('|true') ? address : lower;
      for (let i = 0; i < text.length; i += 1) walk(root, text, i, 1, (_, n) => hit(k, text, i, i + n));
    }
    return [...found.values()];
  }
}

/** Follows `text` from `start` in direction `step` down the trie, calling `onEnd(i, length)` for each pattern end. */
function walk(root: TrieNode, text: string, start: number, step: 1 | -1, onEnd: (i: number, length: number) => void) {
  let at: TrieNode | undefined = root;
  for (let i = start; i >= 0 && i < text.length; i += step) {
    at = at.next.get(text.charCodeAt(i));
    if (!at) return;
    for (const n of at.ends) if (n === Math.abs(i - start) + 1) onEnd(i, n);
  }
}

/** One Aho–Corasick pass: `onEnd(end, length)` for every pattern ending at each index of `text`. */
function scan(root: TrieNode, text: string, onEnd: (end: number, length: number) => void) {
  let at = root;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    while (at !== root && !at.next.has(c)) at = at.fail!;
    at = at.next.get(c) ?? root;
    for (const n of at.ends) onEnd(i, n);
  }
}

/** An index of these patterns (as typed), keyed as the database keys them, sealed. */
export function indexOf(
  patterns: readonly { pattern: string; position: PatternPosition; caseSensitive: boolean }[],
): PatternIndex {
  const index = new PatternIndex();
  for (const p of patterns) index.add({ ...p, key: patternKeyOf(p.pattern, p.caseSensitive) });
  index.seal();
  return index;
}
