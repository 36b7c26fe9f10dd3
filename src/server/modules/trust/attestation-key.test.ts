import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeBase58 } from '@shared/keys/base58';
import { AttestationKeyError, loadAttestationKey, parseAttestationKey } from './attestation-key';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));

describe('attestation key', () => {
  it('reads base58 and JSON arrays of a 64-byte secret or a 32-byte seed', () => {
    const seed = ed25519.utils.randomSecretKey();
    const secret = new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]);
    for (const text of [
      encodeBase58(secret),
      encodeBase58(seed),
      JSON.stringify([...secret]),
      JSON.stringify([...seed]),
    ]) {
      expect(parseAttestationKey(text)).toEqual(seed);
    }
  });

  it('refuses a wrong length, a mismatched public half and junk, without echoing the value', () => {
    const seed = ed25519.utils.randomSecretKey();
    const mismatched = new Uint8Array([...seed, ...ed25519.getPublicKey(ed25519.utils.randomSecretKey())]);
    for (const text of [encodeBase58(seed.subarray(0, 31)), encodeBase58(mismatched), '[1,2,300]', 'not-base58-0OIl']) {
      expect(() => parseAttestationKey(text)).toThrow(AttestationKeyError);
      try {
        parseAttestationKey(text);
      } catch (err) {
        expect((err as Error).message).not.toContain(text);
      }
    }
  });

  it('is generated once into DATA_DIR with mode 0600 in local mode, and required elsewhere', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-attest-'));
    dirs.push(dataDir);
    const warnings: string[] = [];
    const first = await loadAttestationKey({ isLocal: true, dataDir }, (m) => warnings.push(m));
    const second = await loadAttestationKey({ isLocal: true, dataDir });
    expect(second).toEqual(first);
    expect(warnings).toHaveLength(1);
    const file = path.join(dataDir, 'attestation.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseAttestationKey(await readFile(file, 'utf8'))).toEqual(first);
    await expect(loadAttestationKey({ isLocal: false, dataDir })).rejects.toThrow(/required outside local mode/);
  });
});
