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
  /** Lengths of the patterns that end here (one per node in a trie: its depth). */
  ends: number[];
}

const node = (): TrieNode => ({ next: new Map(), ends: [] });
const classOf = (position: PatternPosition, caseSensitive: boolean) => `${position}|${caseSensitive}`;

/**
 * Which of many stored patterns an address matches, in time that grows with the address, not with the number of
 * patterns (docs/domain.md#bids-and-offers): one trie per position and case. A prefix trie is walked from the first
 * character and a suffix trie (keys stored reversed) from the last, each stopping at the first character no pattern
 * continues with. An anywhere trie is compiled into an Aho–Corasick automaton by `seal`: one pass over the address
 * finds every pattern in it; patterns added after the seal are walked from every character until the next seal.
 */
export class PatternIndex {
  private readonly tries = new Map<string, TrieNode>();
  /** Anywhere patterns added since the last seal, by case: walked naively. */
  private readonly unsealed = new Map<string, TrieNode>();
  private readonly automata = new Map<string, Automaton>();
  private readonly held = new Set<string>();

  add(p: IndexedPattern): void {
    const k = classOf(p.position, p.caseSensitive);
    // A top-up re-reads a few bids it already holds (its window overlaps the last one): each key goes in once.
    const id = `${k}|${p.key}`;
    if (this.held.has(id)) return;
    this.held.add(id);
    const target = p.position === 'anywhere' && this.automata.has(k) ? this.unsealed : this.tries;
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

  /**
   * Compiles each anywhere trie into an Aho–Corasick automaton with its whole transition table precomputed (a DFA
   * over the characters an address can hold): scanning an address is then one typed-array read per character, with
   * no failure links to chase. Called once after the bulk of the patterns is added.
   */
  seal(): void {
    for (const [k, root] of this.tries) {
      if (!k.startsWith('anywhere|') || this.automata.has(k)) continue;
      this.automata.set(k, compile(root));
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
      else if (this.automata.has(k)) scan(this.automata.get(k)!, text, (end, n) => hit(k, text, end + 1 - n, end + 1));
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

/** Every character an address (or its lower-cased form) can hold: base58's, plus the lower case of its capitals. */
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const WIDTH = CHARS.length;
const COLUMN = new Int16Array(128).fill(-1);
for (let i = 0; i < WIDTH; i += 1) COLUMN[CHARS.charCodeAt(i)] = i;

interface Automaton {
  /** next state = goto[state * WIDTH + column]; state 0 is the root. */
  goto: Int32Array;
  /** The lengths of the patterns ending at each state, where any do. */
  ends: (number[] | undefined)[];
}

/** Aho–Corasick over `root`, breadth first, with the full goto function filled in from the failure links. */
function compile(root: TrieNode): Automaton {
  const states: TrieNode[] = [root];
  const id = new Map<TrieNode, number>([[root, 0]]);
  for (let q = 0; q < states.length; q += 1) {
    for (const child of states[q]!.next.values()) {
      id.set(child, states.length);
      states.push(child);
    }
  }
  const goto = new Int32Array(states.length * WIDTH);
  const fail = new Int32Array(states.length);
  const ends: (number[] | undefined)[] = states.map((s) => (s.ends.length ? [...s.ends] : undefined));
  // Breadth-first, so a state's failure state (shallower) is complete before the state itself.
  for (let s = 0; s < states.length; s += 1) {
    for (let c = 0; c < WIDTH; c += 1) {
      const child = states[s]!.next.get(CHARS.charCodeAt(c));
      if (child !== undefined) {
        const t = id.get(child)!;
        goto[s * WIDTH + c] = t;
        const f = s === 0 ? 0 : goto[fail[s]! * WIDTH + c]!;
        fail[t] = f;
        if (ends[f]) ends[t] = [...new Set([...(ends[t] ?? []), ...ends[f]!])];
      } else {
        goto[s * WIDTH + c] = s === 0 ? 0 : goto[fail[s]! * WIDTH + c]!;
      }
    }
  }
  return { goto, ends };
}

/** One pass over `text`: `onEnd(end, length)` for every pattern ending at each index. */
function scan(a: Automaton, text: string, onEnd: (end: number, length: number) => void) {
  let state = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const c = code < 128 ? COLUMN[code]! : -1;
    if (c < 0) {
      state = 0; // a character no pattern holds
      continue;
    }
    state = a.goto[state * WIDTH + c]!;
    const found = a.ends[state];
    if (found) for (const n of found) onEnd(i, n);
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
