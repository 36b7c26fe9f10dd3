import { describe, expect, it } from 'vitest';
import { MasterKeyError, generateMasterKey, masterKeyToBase64, parseMasterKey } from './master-key';

describe('master key', () => {
  it('generates 32 random bytes that round-trip through base64', () => {
    const key = generateMasterKey();
    expect(key).toHaveLength(32);
    expect(generateMasterKey()).not.toEqual(key);
    expect(parseMasterKey(masterKeyToBase64(key))).toEqual(key);
    expect(parseMasterKey(`  ${masterKeyToBase64(key)}\n`)).toEqual(key);
  });

  it.each([
    ['', 'empty'],
    ['not base64 at all!', 'not valid base64'],
    [Buffer.alloc(16, 1).toString('base64'), 'got 16 bytes'],
    [Buffer.alloc(33, 1).toString('base64'), 'got 33 bytes'],
    [Buffer.alloc(32).toString('base64'), 'all zeros'],
  ])('refuses %j, naming VAULT_MASTER_KEY', (value, reason) => {
    expect(() => parseMasterKey(value)).toThrow(MasterKeyError);
    expect(() => parseMasterKey(value)).toThrow(reason);
    expect(() => parseMasterKey(value)).toThrow('VAULT_MASTER_KEY');
  });

  it('never quotes the value', () => {
    const wrong = Buffer.from(generateMasterKey().subarray(0, 31)).toString('base64');
    try {
      parseMasterKey(wrong);
    } catch (e) {
      expect((e as Error).message).not.toContain(wrong.slice(0, 12));
    }
  });
});
