import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileJson, hostileString, PROTOTYPE_KEYS } from '@tests/helpers/hostile/values';
import { MAX_BULK_ERRORS } from './limits';
import { parseBulkLine, parseBulkText } from './parse';
import { newKeypair } from '@tests/helpers/keypair';
import { isBulkLineError, type BulkLineError, type BulkRow } from './types';

/*
 * Hostile input (docs/reliability.md#hostile-input): the bulk-line parser on random and malicious lines. It never throws, every answer is
 * well-formed, every refused line says why, and no refusal quotes a private key. Lines name keys through tokens
 * (`~~KEY~1~~`), replaced only inside the property, so a failing case prints no key.
 */
const LINE_RUNS = 4_000;
const TEXT_RUNS = 300;

const keys = Array.from({ length: 3 }, () => newKeypair());
const KEY_TOKEN = /~~(KEY|ADDR)~(\d)~~/g;
const resolve = (text: string) =>
  text.replace(KEY_TOKEN, (_, kind: string, i: string) => {
    const k = keys[Number(i)]!;
    return kind === 'KEY' ? k.forms.base58Secret : k.address;
  });
const keyToken = fc.integer({ min: 0, max: keys.length - 1 }).map((i) => `~~KEY~${i}~~`);
const addrToken = fc.integer({ min: 0, max: keys.length - 1 }).map((i) => `~~ADDR~${i}~~`);

const field = fc.oneof(
  hostileString,
  keyToken,
  addrToken,
  fc.constantFrom('solana', 'Solana', 'ethereum', 'prefix', 'suffix', 'abc', '1.5', '-1', 'NaN', '', ' '),
  hostileString.map((s) => `"${s.replace(/"/g, '""')}"`),
  hostileString.map((s) => `"${s}`),
);
const commaLine = fc.array(field, { minLength: 1, maxLength: 7 }).map((fields) => fields.join(','));
const jsonLine = fc.oneof(
  fc
    .dictionary(
      fc.constantFrom('address', 'privateKey', 'pattern', 'price', 'platform', ...PROTOTYPE_KEYS),
      fc.oneof(hostileJson, keyToken, addrToken),
      { maxKeys: 5 },
    )
    .map((o) => JSON.stringify(o)),
  fc
    .tuple(addrToken, keyToken, hostileJson)
    .map(([a, k, v]) => `{"__proto__":${JSON.stringify(v)},"address":"${a}","privateKey":"${k}"}`),
  fc.tuple(addrToken, keyToken).map(([a, k]) => `{"address":"${a}","privateKey":"${k}"`),
);
const anyLine = fc.oneof(
  { arbitrary: commaLine, weight: 4 },
  { arbitrary: jsonLine, weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 200 }), weight: 2 },
  {
    arbitrary: fc.tuple(fc.constantFrom('\uFEFF', ' \t', '\u0000', '\u00A0'), commaLine).map(([p, l]) => p + l),
    weight: 1,
  },
);

const OPTIONAL_FIELDS = ['privateKey', 'pattern', 'price', 'patternType', 'platform'] as const;
const ROW_KEYS = new Set<string>(['line', 'address', 'patternMatched', ...OPTIONAL_FIELDS]);

/** Why `row` is not a well-formed BulkRow, or null. Never quotes the row: it may hold a key. */
function rowProblem(row: BulkRow, line: number): string | null {
  if (row.line !== line) return `line is ${row.line}, not ${line}`;
  if (typeof row.address !== 'string' || row.address.length === 0) return 'no address';
  const unknown = Object.keys(row).filter((k) => !ROW_KEYS.has(k));
  if (unknown.length > 0) return `unknown keys ${unknown.join(', ')}`;
  for (const key of OPTIONAL_FIELDS) {
    const value = row[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '' || value !== value.trim()) return `${key} is not a trimmed text`;
  }
  if (row.platform !== undefined && row.platform !== 'solana') return 'a platform other than solana';
  if ((row.pattern === undefined) !== (row.patternMatched === undefined)) return 'patternMatched without pattern';
  if (row.pattern !== undefined && row.patternMatched !== row.address.toLowerCase().includes(row.pattern.toLowerCase()))
    return 'patternMatched is wrong';
  return null;
}

/** Why `error` is not a well-formed refusal of `line`, or null. */
function errorProblem(error: BulkLineError, line: number): string | null {
  if (error.line !== line) return `line is ${error.line}, not ${line}`;
  if (typeof error.reason !== 'string' || error.reason.trim() === '') return 'no reason';
  if (error.message !== `Line ${line}: ${error.reason}`) return 'message is not "Line N: reason"';
  if (keys.some((k) => error.message.includes(k.forms.base58Secret))) return 'the message quotes a private key';
  return null;
}

const isHeader = (text: string) => /address/i.test(text) && /private/i.test(text) && /platform/i.test(text);

describe('parseBulkLine on hostile lines', () => {
  it('never throws; rows are well-formed; every refusal has a reason and quotes no key', () => {
    const seen = { rows: 0, refusals: 0, refusalsOfKeyLines: 0 };
    fc.assert(
      fc.property(anyLine, fc.integer({ min: 1, max: 1_000_000 }), (tokenized, n) => {
        const text = resolve(tokenized);
        const result = parseBulkLine(text, n);
        if (result !== null && isBulkLineError(result)) {
          seen.refusals++;
          if (tokenized.includes('~~KEY~')) seen.refusalsOfKeyLines++;
        } else if (result !== null) seen.rows++;
        if (result === null) {
          expect(text.trim() === '' || isHeader(text), 'null for a line that is neither blank nor a header').toBe(true);
          return;
        }
        const problem = isBulkLineError(result) ? errorProblem(result, n) : rowProblem(result, n);
        expect(problem, isBulkLineError(result) ? 'refusal' : 'row').toBeNull();
      }),
      { numRuns: LINE_RUNS },
    );
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    // Not vacuous: many lines were read, many refused, many of those while holding a key.
    expect(seen.rows).toBeGreaterThan(LINE_RUNS / 10);
    expect(seen.refusals).toBeGreaterThan(LINE_RUNS / 10);
    expect(seen.refusalsOfKeyLines).toBeGreaterThan(LINE_RUNS / 50);
  });

  it('has checks that can fail', () => {
    const secret = keys[0]!.forms.base58Secret;
    expect(errorProblem({ line: 1, reason: `bad ${secret}`, message: `Line 1: bad ${secret}` }, 1)).toMatch(/key/);
    expect(errorProblem({ line: 1, reason: '', message: 'Line 1: ' }, 1)).toBe('no reason');
    expect(rowProblem({ line: 1, address: 'abc', pattern: 'B', patternMatched: false }, 1)).toMatch(/patternMatched/);
    expect(rowProblem({ line: 1, address: 'abc', price: ' 1' }, 1)).toMatch(/price/);
  });

  it('reads a key and its address back exactly, whatever hostile columns follow', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: keys.length - 1 }), fc.array(field, { maxLength: 3 }), (i, rest) => {
        const k = keys[i]!;
        const result = parseBulkLine(resolve([`~~ADDR~${i}~~`, `~~KEY~${i}~~`, ...rest].join(',')), 1);
        if (result === null || isBulkLineError(result)) return; // a hostile 3rd column may be a bad platform
        read++;
        expect(
          result.address === k.address && result.privateKey === k.forms.base58Secret,
          'address and key as written',
        ).toBe(true);
      }),
      { numRuns: 1_000 },
    );
    expect(read).toBeGreaterThan(250);
  });
});

describe('parseBulkText on hostile text', () => {
  it('never throws, numbers lines from 1, reports each line at most once, and never repeats an address', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, eol) => {
        const text = resolve(lines.join(eol));
        const count = text.split(/\r\n|\n|\r/).length;
        const { rows, errors } = parseBulkText(text);
        const seen = [...rows.map((r) => r.line), ...errors.map((e) => e.line)];
        expect(new Set(seen).size, 'a line reported twice').toBe(seen.length);
        expect(
          seen.every((l) => l >= 1 && l <= count),
          'a line number out of range',
        ).toBe(true);
        expect(new Set(rows.map((r) => r.address)).size, 'an address read twice').toBe(rows.length);
        expect(errors.length).toBeLessThanOrEqual(MAX_BULK_ERRORS + 1);
        for (const r of rows) expect(rowProblem(r, r.line), 'row').toBeNull();
        for (const e of errors) expect(errorProblem(e, e.line), 'refusal').toBeNull();
      }),
      { numRuns: TEXT_RUNS },
    );
  });
});
