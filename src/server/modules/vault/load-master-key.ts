import { chmod, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { DataDirPermissionError } from '@server/db/data-dir-permissions';
import { createKeyFileOnce } from './key-file';
import { MasterKeyError, generateMasterKey, masterKeyToBase64, parseMasterKey } from '../key-crypto';

export const MASTER_KEY_FILE = 'master.key';

export interface MasterKeySource {
  vaultMasterKey?: string | undefined;
  isLocal: boolean;
  dataDir: string;
}

export interface LoadedMasterKey {
  key: Uint8Array;
  /** Where it came from, for the start-up log: never the key itself. */
  origin: 'env' | 'file' | 'generated';
  file?: string;
}

/**
 * The vault master key (docs/domain.md#configuration, docs/domain.md#key-vault): VAULT_MASTER_KEY when set; otherwise, in local mode only,
 * DATA_DIR/master.key, generated once (mode 0600, created exclusively so two processes never write two keys).
 * `warn` is told when a key is generated: losing that file makes every stored key unreadable. The file's mode is
 * checked here, not only by the server's DATA_DIR check: local mode with DATABASE_URL and SOLANA_RPC_URLS skips
 * that one, and the vault and admin CLIs never run it.
 */
export async function loadMasterKey(
  source: MasterKeySource,
  warn: (message: string) => void = () => {},
): Promise<LoadedMasterKey> {
  if (source.vaultMasterKey) return { key: parseMasterKey(source.vaultMasterKey), origin: 'env' };
  if (!source.isLocal) throw new MasterKeyError('VAULT_MASTER_KEY is required outside local mode');

  const file = path.join(source.dataDir, MASTER_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, origin: 'file', file };

  // A DATA_DIR made here is the owner's alone (mkdir's mode passes through the umask: make it exact).
  if (await mkdir(source.dataDir, { recursive: true, mode: 0o700 })) await chmod(source.dataDir, 0o700);
  const key = generateMasterKey();
  const theirs = await createKeyFileOnce(file, `${masterKeyToBase64(key)}\n`, readKeyFile);
  if (theirs) return { key: theirs, origin: 'file', file };
  warn(
    `Generated a vault master key in ${file} (local mode). Back this file up: without it no stored private key ` +
      'can be decrypted. Set VAULT_MASTER_KEY outside local mode.',
  );
  return { key, origin: 'generated', file };
}

/**
 * The key in `file`, or null when there is none. A key file group or other users can reach is refused, not
 * read: another account may have read it (every stored key is then exposed) or replaced it. The mode is read
 * from the open handle, so the file checked is the file read.
 */
async function readKeyFile(file: string): Promise<Uint8Array | null> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { mode } = await handle.stat();
      if (mode & 0o077) throw new DataDirPermissionError(file, mode);
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return parseMasterKey(text);
  } catch (err) {
    // parseMasterKey names the variable; here the file is what is wrong.
    const reason = err instanceof MasterKeyError ? err.message.replace(/^VAULT_MASTER_KEY/, file) : 'unreadable';
    throw new MasterKeyError(reason);
  }
}
