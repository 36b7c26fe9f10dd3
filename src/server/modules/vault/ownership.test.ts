import { describe, expect, it } from 'vitest';
import { KeyFormatError } from './key-formats';
import { OwnershipError, proveOwnership } from './ownership';
import { leaksPartOf, makeTestKey } from './test-keys';

describe('proveOwnership', () => {
  it('returns the normalised key when it controls the address', () => {
    const k = makeTestKey();
    for (const input of [k.base58Secret, k.jsonArray, k.base58Seed, k.hexSeed]) {
      expect(proveOwnership(k.address, input)).toEqual({ secretKey: k.secretKey, publicKey: k.address });
    }
  });

  it('refuses a key of another address, naming the address but not the key', () => {
    const listed = makeTestKey();
    const other = makeTestKey();
    const attempt = () => proveOwnership(listed.address, other.base58Secret);
    expect(attempt).toThrow(OwnershipError);
    expect(attempt).toThrow(`The private key does not match address ${listed.address}`);
    try {
      attempt();
    } catch (e) {
      expect(leaksPartOf((e as Error).message, other.base58Secret)).toBe(false);
      expect(leaksPartOf((e as Error).message, other.base58Seed)).toBe(false);
    }
  });

  it('does not echo the address field when someone pasted the seed into it', () => {
    const k = makeTestKey();
    for (const input of [k.base58Seed, k.base58Secret]) {
      try {
        proveOwnership(k.base58Seed, input);
        throw new Error('expected a refusal');
      } catch (e) {
        expect(e).toBeInstanceOf(OwnershipError);
        expect((e as Error).message).toBe('The address field holds the private key, not the address');
      }
    }
  });

  it('does not echo an address that is not a valid Solana address', () => {
    const k = makeTestKey();
    const other = makeTestKey();
    expect(() => proveOwnership(other.base58Secret, k.base58Secret)).toThrow('not a valid Solana address');
  });

  it('is exact about the address: no trimming, no case folding', () => {
    const k = makeTestKey();
    expect(() => proveOwnership(` ${k.address}`, k.base58Secret)).toThrow(OwnershipError);
  });

  it('tells its callers which refusal it is, so none has to read the message', () => {
    const k = makeTestKey();
    const other = makeTestKey();
    const kindOf = (address: string, key: string) => {
      try {
        proveOwnership(address, key);
      } catch (e) {
        return e instanceof OwnershipError ? e.kind : 'not an OwnershipError';
      }
      return 'accepted';
    };
    expect(kindOf(k.base58Seed, k.base58Secret)).toBe('seed-in-address');
    expect(kindOf(other.base58Secret, k.base58Secret)).toBe('invalid-address');
    expect(kindOf(other.address, k.base58Secret)).toBe('other-address');
    expect(kindOf(undefined as unknown as string, k.base58Secret)).toBe('no-address');
  });

  it('passes key format errors through', () => {
    const k = makeTestKey();
    expect(() => proveOwnership(k.address, 'not a key')).toThrow(KeyFormatError);
  });
});
