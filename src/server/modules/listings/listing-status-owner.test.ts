import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const OWNER = fileURLToPath(new URL('./', import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The text of the call's argument list opening at `open` (a "("), up to its matching ")". */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/**
 * Drizzle writes: `.update(addresses).set(…)` whose columns name `status`, or whose columns are not an object
 * literal (a variable or a helper's result may carry `status` where no grep can see it).
 */
function drizzleStatusWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\.update\(\s*(?:\w+\.)?addresses\s*\)\s*\.set\(/g)) {
    const columns = argumentsAt(text, m.index + m[0].length - 1).trim();
    if (!columns.startsWith('{') || /\bstatus\b/.test(columns)) found.push(`${m[0]}${columns})`);
  }
  return found;
}

/** Raw SQL: `UPDATE addresses SET … status …` (also `update ${addresses} set ${addresses.status} = …`). */
function rawStatusWrites(text: string): string[] {
  const found: string[] = [];
  const update = /update\s+(?:only\s+)?(?:"?addresses"?|\$\{\s*(?:\w+\.)?addresses\s*\})\s+set\b/gi;
  for (const m of text.matchAll(update)) {
    const rest = text.slice(m.index + m[0].length);
    const end = rest.search(/\bwhere\b|\breturning\b|\bfrom\b|;|`/i);
    const assignments = end === -1 ? rest : rest.slice(0, end);
    if (/\bstatus\b/i.test(assignments)) found.push(`${m[0]}${assignments}`);
  }
  return found;
}

/** Every write of `addresses.status` in src/server outside the listings module, as "file: statement". */
function writesOutsideOwner(): string[] {
  const writes: string[] = [];
  for (const file of sourceFiles(SERVER)) {
    if (file.startsWith(OWNER)) continue;
    const text = readFileSync(file, 'utf8');
    const name = relative(SERVER, file).split(sep).join('/');
    for (const write of [...drizzleStatusWrites(text), ...rawStatusWrites(text)]) {
      writes.push(`${name}: ${write.replace(/\s+/g, ' ')}`);
    }
  }
  return writes;
}

describe('the owner of a listing status', () => {
  it('finds status writes in both forms, and not other writes of a listing', () => {
    expect(drizzleStatusWrites(`db.update(addresses).set({ status: 'sold', isListed: false })`)).toHaveLength(1);
    expect(drizzleStatusWrites(`tx\n  .update(schema.addresses)\n  .set({ ...cols, status })`)).toHaveLength(1);
    expect(drizzleStatusWrites(`db.update(addresses).set(columns)`)).toHaveLength(1);
    expect(
      drizzleStatusWrites(`db.update(addresses).set({ isListed: false }).where(eq(addresses.status, 'x'))`),
    ).toEqual([]);
    expect(rawStatusWrites("sql`UPDATE addresses SET status = 'sold' WHERE id = ${id}`")).toHaveLength(1);
    expect(rawStatusWrites('sql`update ${addresses} set ${addresses.status} = ${to}`')).toHaveLength(1);
    expect(rawStatusWrites("sql`update addresses set is_listed = false where status = 'available'`")).toEqual([]);
  });

  it('is the listings module: no other server file writes addresses.status', () => {
    expect(writesOutsideOwner()).toEqual([]);
  });
});
