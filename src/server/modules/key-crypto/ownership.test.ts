import { describe, expect, it } from 'vitest';
import { KeyFormatError } from './key-formats';
import { OwnershipError, proveOwnership } from './ownership';
import { leaksPartOf } from '@tests/helpers/key-encodings';
import { newKeypair } from '@tests/helpers/keypair';

describe('proveOwnership', () => {
  it('returns the normalised key when it controls the address', () => {
    const k = newKeypair();
    for (const input of [k.forms.base58Secret, k.forms.jsonArray, k.forms.base58Seed, k.forms.hexSeed]) {
      expect(proveOwnership(k.address, input)).toEqual({ secretKey: k.secretKey, publicKey: k.address });
    }
  });

  it('refuses a key of another address, naming the address but not the key', () => {
    const listed = newKeypair();
    const other = newKeypair();
    const attempt = () => proveOwnership(listed.address, other.forms.base58Secret);
    expect(attempt).toThrow(OwnershipError);
    expect(attempt).toThrow(`The private key does not match address ${listed.address}`);
    try {
      attempt();
    } catch (e) {
      expect(leaksPartOf((e as Error).message, other.forms.base58Secret)).toBe(false);
      expect(leaksPartOf((e as Error).message, other.forms.base58Seed)).toBe(false);
    }
  });

  it('does not echo the address field when someone pasted the seed into it', () => {
    const k = newKeypair();
    for (const input of [k.forms.base58Seed, k.forms.base58Secret]) {
      try {
        proveOwnership(k.forms.base58Seed, input);
        throw new Error('expected a refusal');
      } catch (e) {
        expect(e).toBeInstanceOf(OwnershipError);
        expect((e as Error).message).toBe('The address field holds the private key, not the address');
      }
    }
  });

  it('does not echo an address that is not a valid Solana address', () => {
    const k = newKeypair();
    const other = newKeypair();
    expect(() => proveOwnership(other.forms.base58Secret, k.forms.base58Secret)).toThrow('not a valid Solana address');
  });

  it('is exact about the address: no trimming, no case folding', () => {
    const k = newKeypair();
    expect(() => proveOwnership(` ${k.address}`, k.forms.base58Secret)).toThrow(OwnershipError);
  });

  it('tells its callers which refusal it is, so none has to read the message', () => {
    const k = newKeypair();
    const other = newKeypair();
    const kindOf = (address: string, key: string) => {
      try {
        proveOwnership(address, key);
      } catch (e) {
        return e instanceof OwnershipError ? e.kind : 'not an OwnershipError';
      }
      return 'accepted';
    };
    expect(kindOf(k.forms.base58Seed, k.forms.base58Secret)).toBe('seed-in-address');
    expect(kindOf(other.forms.base58Secret, k.forms.base58Secret)).toBe('invalid-address');
    expect(kindOf(other.address, k.forms.base58Secret)).toBe('other-address');
    expect(kindOf(undefined as unknown as string, k.forms.base58Secret)).toBe('no-address');
  });

  it('passes key format errors through', () => {
    const k = newKeypair();
    expect(() => proveOwnership(k.address, 'not a key')).toThrow(KeyFormatError);
  });
});
