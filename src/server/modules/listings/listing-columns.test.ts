import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral, uuidArrayLiteral } from './listing-columns';

let db: PGlite;
beforeAll(async () => {
  db = await PGlite.create();
});
afterAll(() => db?.close());

/** What PostgreSQL reads from a literal passed the way the bulk INSERT passes it: a text parameter, cast. */
async function read<T>(literal: string, type: string): Promise<T[]> {
  const { rows } = await db.query<{ a: T[] }>(`select $1::text::${type}[] as a`, [literal]);
  return rows[0]!.a;
}

describe('PostgreSQL array literals for the bulk INSERT', () => {
  it('round-trips any text, NULLs and the empty string', async () => {
    const texts = ['plain', '', 'with "quotes"', 'back\\slash', '{braces},commas', 'NULL', ' spaced ', 'é ✓', null];
    expect(await read(arrayLiteral(texts), 'text')).toEqual(texts);
    expect(await read(arrayLiteral([]), 'text')).toEqual([]);
  });

  it('writes numbers, booleans and numeric strings PostgreSQL reads back', async () => {
    expect(await read(arrayLiteral([0, 7, -3]), 'int4')).toEqual([0, 7, -3]);
    expect(await read(arrayLiteral([true, false, null]), 'bool')).toEqual([true, false, null]);
    expect(await read(arrayLiteral(['0.75', '12.5', null]), 'numeric')).toEqual(['0.75', '12.5', null]);
    expect(() => arrayLiteral([Number.NaN])).toThrow(TypeError);
  });

  it('nests a row of search tags as the text of its own literal, read back per row', async () => {
    const tags = [['solana', 'word-like', 'moon'], [], ['a "quoted" tag', 'back\\slash']];
    const { rows } = await db.query<{ t: string[] }>('select u.t::text[] as t from unnest($1::text::text[]) as u(t)', [
      arrayLiteral(tags),
    ]);
    expect(rows.map((r) => r.t)).toEqual(tags);
  });

  it('writes uuids with NULL for the gaps', async () => {
    const ids = ['6f1c1a52-1a4b-4d3e-9c55-0b9e4c3f2a10', null, '00000000-0000-4000-8000-000000000000'];
    expect(await read(uuidArrayLiteral(ids), 'uuid')).toEqual(ids);
  });
});
