import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirPermissionError } from '@server/db/data-dir-permissions';
import { MASTER_KEY_FILE, loadMasterKey } from './load-master-key';
import { generateMasterKey, masterKeyToBase64 } from '../key-crypto';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vv-master-key-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const local = (dataDir: string) => ({ isLocal: true, dataDir });
const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

describe('loadMasterKey from DATA_DIR/master.key', () => {
  it('creates a missing DATA_DIR 0700 and the key file 0600, then reads the same key back', async () => {
    const dataDir = path.join(root, 'data');
    const generated = await loadMasterKey(local(dataDir));
    expect(generated.origin).toBe('generated');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, MASTER_KEY_FILE))).toBe(0o600);
    const again = await loadMasterKey(local(dataDir));
    expect(again).toMatchObject({ origin: 'file' });
    expect(again.key).toEqual(generated.key);
  });

  it.each(['640', '604', '660', '644'])('refuses a key file of mode %s, without reading it', async (octal) => {
    const mode = parseInt(octal, 8);
    const file = path.join(root, MASTER_KEY_FILE);
    await writeFile(file, `${masterKeyToBase64(generateMasterKey())}\n`);
    await chmod(file, mode);
    await expect(loadMasterKey(local(root))).rejects.toThrow(DataDirPermissionError);
    await expect(loadMasterKey(local(root))).rejects.toThrow(
      `${file} is accessible by group or other users (mode ${octal})`,
    );
  });

  it('reads an owner-only key file (0600 or 0400)', async () => {
    const file = path.join(root, MASTER_KEY_FILE);
    const key = generateMasterKey();
    await writeFile(file, `${masterKeyToBase64(key)}\n`);
    for (const mode of [0o600, 0o400]) {
      await chmod(file, mode);
      expect((await loadMasterKey(local(root))).key).toEqual(key);
    }
  });
});
