import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { KeyFormatError, normalizeSecretKey } from './key-formats';
import { leaksPartOf } from '@tests/helpers/key-encodings';
import { newKeypair } from '@tests/helpers/keypair';

const b58 = getBase58Decoder();

function refusal(input: string): KeyFormatError {
  try {
    normalizeSecretKey(input);
  } catch (e) {
    expect(e).toBeInstanceOf(KeyFormatError);
    const error = e as KeyFormatError;
    expect(leaksPartOf(error.message, input)).toBe(false);
    expect(leaksPartOf(String(error.stack), input)).toBe(false);
    expect(error.cause).toBeUndefined();
    return error;
  }
  throw new Error('expected the key to be refused');
}

describe('normalizeSecretKey accepts every documented form', () => {
  const k = newKeypair();
  it.each([
    ['base58 64-byte secret (Phantom)', k.forms.base58Secret],
    ['JSON array of 64 numbers (solana-keygen)', k.forms.jsonArray],
    ['pretty-printed JSON array', JSON.stringify(Array.from(k.secretKey), null, 2)],
    ['base58 32-byte seed', k.forms.base58Seed],
    ['hex 32-byte seed', k.forms.hexSeed],
    ['0x hex seed, upper case', `0x${k.forms.hexSeed.toUpperCase()}`],
    ['hex 64-byte secret', Buffer.from(k.secretKey).toString('hex')],
    ['surrounding whitespace', `\n  ${k.forms.base58Secret}\t `],
  ])('%s', (_, input) => {
    expect(normalizeSecretKey(input)).toEqual(k.secretKey);
  });

  it('round-trips many random keys through each form', () => {
    for (let i = 0; i < 50; i++) {
      const key = newKeypair();
      for (const input of [key.forms.base58Secret, key.forms.jsonArray, key.forms.base58Seed, key.forms.hexSeed]) {
        expect(normalizeSecretKey(input)).toEqual(key.secretKey);
      }
    }
  });
});

describe('normalizeSecretKey refuses, without quoting the input', () => {
  it('a 63-byte key', () => {
    const k = newKeypair();
    expect(refusal(b58.decode(k.secretKey.subarray(0, 63))).message).toBe(
      'Private key must be 64 bytes (base58 or JSON array) or a 32-byte seed (base58 or hex); got 63 bytes',
    );
  });

  it('bad base58', () => {
    const k = newKeypair();
    expect(refusal(`${k.forms.base58Secret.slice(0, 40)}0OIl${k.forms.base58Secret.slice(44)}`).message).toContain(
      'not valid base58',
    );
  });

  it('bad hex', () => {
    const k = newKeypair();
    expect(refusal(`0x${k.forms.hexSeed.slice(0, 62)}zz`).message).toContain('Hex private key');
    expect(refusal(`0x${k.forms.hexSeed.slice(2)}`).message).toContain('Hex private key');
    // Hex with a '0' but of the wrong length is neither hex nor base58.
    expect(refusal(`${k.forms.hexSeed}00`).message).toContain('not valid base58');
  });

  it('a JSON array of the wrong length', () => {
    const k = newKeypair();
    expect(refusal(JSON.stringify(Array.from(k.secretKey.subarray(0, 32)))).message).toBe(
      'Private key JSON array must hold 64 numbers; got 32',
    );
    expect(refusal(JSON.stringify([...k.secretKey, 1])).message).toContain('got 65');
  });

  it.each([256, -1, 1.5, '7', null])('a JSON array holding %j', (bad) => {
    const k = newKeypair();
    const values: unknown[] = Array.from(k.secretKey);
    values[10] = bad;
    expect(refusal(JSON.stringify(values)).message).toContain('whole numbers from 0 to 255');
  });

  it('broken JSON and non-array JSON', () => {
    const k = newKeypair();
    expect(refusal(k.forms.jsonArray.slice(0, -1)).message).toContain('could not be read');
    expect(refusal(`[${k.forms.jsonArray}]`).message).toContain('64 numbers; got 1');
  });

  it('a 64-byte key whose second half is another public key', () => {
    const a = newKeypair();
    const b = newKeypair();
    const mixed = new Uint8Array([...a.seed, ...b.publicKey]);
    expect(refusal(b58.decode(mixed)).message).toContain('inconsistent');
    expect(refusal(JSON.stringify(Array.from(mixed))).message).toContain('inconsistent');
  });

  it('empty, oversized and non-text input', () => {
    expect(refusal('   ').message).toBe('Private key is required');
    expect(refusal('1'.repeat(5000)).message).toContain('too long');
    expect(() => normalizeSecretKey(42 as unknown as string)).toThrow(KeyFormatError);
  });
});
