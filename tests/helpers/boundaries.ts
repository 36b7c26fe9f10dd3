import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { expect } from 'vitest';

// What src/server/boundaries.test.ts and src/web/boundaries.test.ts share: the allowance tables of
// docs/architecture.md, and the repository's real ESLint config run over import lines in files that need not exist.

const root = new URL('../../', import.meta.url);

/** The table under "### `heading`" in docs/architecture.md: name → the names it may import. */
export function documentedAllowances(heading: string): Map<string, string[]> {
  const doc = readFileSync(new URL('docs/architecture.md', root), 'utf8');
  const section = doc.split(`### ${heading}\n`)[1]?.split('\n### ')[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const row = /^\| `([\w-]+)` +\| (.*) \|$/.exec(line);
    if (row) rows.set(row[1]!, [...row[2]!.matchAll(/`([\w-]+)`/g)].map((m) => m[1]!).sort());
  }
  return rows;
}

/** Fails on the first path through `table` that comes back to where it started. */
export function expectAcyclic(table: Map<string, string[]>): void {
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    expect(path, `cycle ${[...path, name].join(' → ')}`).not.toContain(name);
    if (done.has(name)) return;
    for (const next of table.get(name) ?? []) visit(next, [...path, name]);
    done.add(name);
  };
  for (const name of table.keys()) visit(name, []);
}

/** The no-restricted-imports messages, by line, that the real config gives `code` as the file at `filePath`. */
export type RestrictedImports = (filePath: string, code: string) => Promise<Map<number, string>>;

export function lintProbe(): RestrictedImports {
  const eslint = new ESLint({ cwd: decodeURIComponent(root.pathname) });
  return async (filePath, code) => {
    const [result] = await eslint.lintText(code, { filePath });
    const found = new Map<number, string>();
    for (const message of result!.messages) {
      if (message.ruleId === 'no-restricted-imports') found.set(message.line, message.message);
      else if (message.fatal) throw new Error(message.message);
    }
    return found;
  };
}
