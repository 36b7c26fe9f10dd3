import { describe, expect, it } from 'vitest';
import { analyzeAddress } from './index';
import { craftSolana } from '@tests/helpers/rarity-fixtures';

// The sources of this folder as text (Vite's glob import, so the test itself needs no Node built-ins).
const sources = import.meta.glob<string>('./*.ts', { query: '?raw', import: 'default', eager: true });

/** Every module reachable from `entry` through relative imports, with its bare and node: imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = sources[`./${file}`];
    if (source === undefined) throw new Error(`${file} not found`);
    const specifiers = [
      ...source.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g),
    ].map((m) => (m[1] ?? m[2]) as string);
    graph.set(file, specifiers);
    for (const s of specifiers) if (s.startsWith('./')) visit(`${s.slice(2)}.ts`);
  };
  visit(entry);
  return graph;
}

describe('the browser entry (index.ts)', () => {
  it('never reaches the English word list or Node built-ins', () => {
    const graph = importGraph('index.ts');
    expect(graph.size).toBeGreaterThan(10);
    for (const [file, specifiers] of graph) {
      expect(file).not.toBe('english-words.ts');
      for (const s of specifiers) {
        expect(s.startsWith('node:'), `${file} imports ${s}`).toBe(false);
        expect(s, `${file} imports ${s}`).not.toBe('an-array-of-english-words');
      }
    }
  });

  it('without a dictionary, finds no words but still works', () => {
    const report = analyzeAddress(craftSolana('GoodLuck'));
    expect(report.isValid).toBe(true);
    expect(report.category).not.toBe('word-like');
  });
});
