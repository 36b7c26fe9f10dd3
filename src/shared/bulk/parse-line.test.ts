import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBulkLine } from './parse';
import { newKeypair } from '@tests/helpers/keypair';
import type { BulkLineError, BulkRow } from './types';

const row = (r: ReturnType<typeof parseBulkLine>) => r as BulkRow;
const err = (r: ReturnType<typeof parseBulkLine>) => r as BulkLineError;

describe('parseBulkLine', () => {
  it('skips blank and header lines', () => {
    expect(parseBulkLine('', 1)).toBeNull();
    expect(parseBulkLine('   \t', 1)).toBeNull();
    expect(parseBulkLine('Address,Private Key,Platform,Pattern Type,Pattern', 1)).toBeNull();
    expect(parseBulkLine('\uFEFFADDRESS,PRIVATEKEY,PLATFORM', 1)).toBeNull();
  });

  it('reads a JSON line', () => {
    const k = newKeypair();
    const line = JSON.stringify({ address: k.address, pattern: 'abc', price: 1.5, privateKey: k.forms.base58Secret });
    expect(parseBulkLine(line, 4)).toEqual({
      line: 4,
      address: k.address,
      privateKey: k.forms.base58Secret,
      pattern: 'abc',
      price: '1.5',
      patternMatched: k.address.toLowerCase().includes('abc'),
    });
  });

  it('passes a solana-keygen byte array on as its JSON text', () => {
    const k = newKeypair();
    const bytes = Array.from({ length: 64 }, (_, i) => i);
    expect(row(parseBulkLine(JSON.stringify({ address: k.address, privateKey: bytes }), 1)).privateKey).toBe(
      JSON.stringify(bytes),
    );
  });

  it.each([
    ['{"address": ', 'invalid JSON'],
    ['{"pattern": "abc"}', 'no "address"'],
    ['{"address": 42}', 'no "address"'],
    ['{"address": "   "}', 'no "address"'],
    ['{"address": "x", "price": {}}', '"price"'],
    ['{"address": "x", "pattern": 5}', '"pattern"'],
    ['{"address": "x", "privateKey": {"a": 1}}', '"privateKey"'],
    ['{"__proto__": {"address": "x"}}', 'no "address"'],
  ])('refuses the JSON line %s', (line, reason) => {
    const r = parseBulkLine(line, 9);
    expect(err(r).reason).toContain(reason);
    expect(err(r).message).toMatch(/^Line 9: /);
  });

  it('never pollutes prototypes from JSON keys', () => {
    const r = parseBulkLine('{"address":"abc","__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}}}', 1);
    expect(row(r).address).toBe('abc');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).p).toBeUndefined();
    expect(Object.keys(row(r)).sort()).toEqual(['address', 'line']);
  });

  it('does not echo a JSON line holding a key when the JSON is broken', () => {
    const k = newKeypair();
    const r = err(parseBulkLine(`{"address":"${k.address}","privateKey":"${k.forms.base58Secret}"`, 2));
    expect(r.message).not.toContain(k.forms.base58Secret.slice(0, 10));
  });

  it('reads 5+ column lines when the platform is solana', () => {
    const k = newKeypair();
    expect(parseBulkLine(`${k.address}, ${k.forms.base58Secret} ,Solana,prefix,ABC,extra`, 3)).toEqual({
      line: 3,
      address: k.address,
      privateKey: k.forms.base58Secret,
      platform: 'solana',
      patternType: 'prefix',
      pattern: 'ABC',
      patternMatched: k.address.toLowerCase().includes('abc'),
    });
  });

  it('refuses other platforms, quoting only a plain word', () => {
    const k = newKeypair();
    expect(err(parseBulkLine(`${k.address},${k.forms.base58Secret},ethereum,prefix,abc`, 5)).message).toBe(
      'Line 5: unsupported platform "ethereum" (only solana is accepted)',
    );
    // Columns in the wrong order put the key where the platform belongs: it must not be echoed.
    const swapped = err(parseBulkLine(`${k.address},solana,${k.forms.base58Secret},prefix,abc`, 6));
    expect(swapped.reason).toContain('unsupported platform');
    expect(swapped.message).not.toContain(k.forms.base58Secret.slice(0, 8));
  });

  it('reads 3 and 4 column lines as address, key, pattern, price', () => {
    const k = newKeypair();
    expect(parseBulkLine(`${k.address},${k.forms.base58Secret},xyz,2.5`, 7)).toMatchObject({
      address: k.address,
      privateKey: k.forms.base58Secret,
      pattern: 'xyz',
      price: '2.5',
    });
    const three = row(parseBulkLine(`${k.address},${k.forms.base58Secret},xyz`, 8));
    expect(three.price).toBeUndefined();
    expect(three.pattern).toBe('xyz');
  });

  it('honours quoted fields', () => {
    const r = row(parseBulkLine('"Addr,WithComma",key,"pat ""q""",1', 1));
    expect(r.address).toBe('Addr,WithComma');
    expect(r.pattern).toBe('pat "q"');
  });

  it.each([
    ['a,b', 'got 2'],
    [',key,pattern', 'address column is empty'],
    ['"abc,def,ghi', 'could not split'],
  ])('refuses the comma line %s', (line, reason) => {
    expect(err(parseBulkLine(line, 1)).reason).toContain(reason);
  });

  it('reads a long comma-free line as an address and guesses the pattern', () => {
    const r = row(parseBulkLine('  xyzDEADbeefCAFE0123456789zz  ', 2));
    expect(r).toEqual({ line: 2, address: 'xyzDEADbeefCAFE0123456789zz', pattern: 'DEADbee', patternMatched: true });
    expect(row(parseBulkLine('zzzzzzzzzzzzzzzzzzzzzz', 2)).pattern).toBeUndefined();
  });

  it('refuses a short unknown line, naming it', () => {
    expect(err(parseBulkLine('hello', 12)).message).toMatch(/^Line 12: not recognised/);
    expect(err(parseBulkLine('a'.repeat(20), 12)).reason).toContain('not recognised');
  });

  it('refuses a 1 MB line of each kind as too long, naming it, without reading it', () => {
    const big = 'A'.repeat(1024 * 1024);
    for (const line of [
      big,
      `{"address":"${big}"`,
      '['.repeat(1024 * 1024),
      '{"a":' + '['.repeat(1024 * 1024),
      `${big},k,p`,
    ]) {
      expect(err(parseBulkLine(line, 7)).message).toBe('Line 7: line too long: at most 4,096 characters per line');
    }
  });

  it('never throws on arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 1 }), (s, n) => {
        const r = parseBulkLine(s, n);
        if (r !== null) expect(r.line).toBe(n);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom('{', '"', ',', '}', 'a', '\\', ' ', '[', ':', '\u0000')), (parts) => {
        parseBulkLine(parts.join(''), 1);
      }),
      { numRuns: 2000 },
    );
  });
});
