import { rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvError, loadEnv } from '../config/env';
import { openDatabase } from '../db/open-database';
import { lockEmbeddedDatabase } from './embedded-lock';
import { recordAudit } from '../modules/audit';
import { MASTER_KEY_FILE, loadMasterKey, rotateMasterKey, writeNewKeyFile } from '../modules/vault';
import { MasterKeyError, generateMasterKey, masterKeyToBase64, parseMasterKey } from '../modules/key-crypto';

/**
 * `npm run vault -- rotate-master-key --new-key <base64> | --generate`: re-encrypts every stored private key under
 * a new master key in one database transaction (docs/domain.md#key-vault). Takes the DATA_DIR lock like the admin
 * command; with PostgreSQL, stop the servers first (they hold the old key in memory). Prints where the new key is and
 * what to do next; never a private key, and never the master key itself.
 */
const USAGE = 'Usage: npm run vault -- rotate-master-key --new-key <base64 of 32 bytes> | --generate';

export interface VaultCliIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

async function writeKeyFile(file: string, key: Uint8Array): Promise<void> {
  await unlink(file).catch(() => {});
  await writeNewKeyFile(file, `${masterKeyToBase64(key)}\n`);
}

export async function runVaultCli(args: readonly string[], io: VaultCliIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const [command, flag, value, ...rest] = args;
  const ok =
    command === 'rotate-master-key' &&
    rest.length === 0 &&
    ((flag === '--new-key' && value !== undefined) || (flag === '--generate' && value === undefined));
  if (!ok) {
    err(USAGE);
    return 2;
  }

  let env;
  let newKey: Uint8Array;
  try {
    env = loadEnv(io.env ?? process.env);
    newKey = flag === '--generate' ? generateMasterKey() : parseMasterKey(value!);
  } catch (e) {
    if (e instanceof EnvError || e instanceof MasterKeyError) {
      err(e.message.replace('VAULT_MASTER_KEY', '--new-key'));
      return e instanceof EnvError ? 1 : 2;
    }
    throw e;
  }

  const unlock = await lockEmbeddedDatabase(env, err, 'Key rotation needs the embedded database to itself');
  if (!unlock) return 1;
  try {
    const current = await loadMasterKey(env);
    if (Buffer.from(current.key).equals(Buffer.from(newKey))) {
      err('The new master key is the current one: nothing to rotate.');
      return 2;
    }
    // The new key is on disk BEFORE any row is re-encrypted: a crash after the commit must never lose it.
    const fileBacked = current.origin !== 'env';
    const nextFile = path.join(env.dataDir, fileBacked ? `${MASTER_KEY_FILE}.next` : `${MASTER_KEY_FILE}.new`);
    if (fileBacked || flag === '--generate') await writeKeyFile(nextFile, newKey);

    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const count = await rotateMasterKey(database, current.key, newKey);
      await recordAudit(database.db, {
        action: 'vault.rotate_master_key',
        performedBy: 'cli',
        metadata: { rows: count },
      });
      out(`Re-encrypted ${count} stored private key${count === 1 ? '' : 's'} under the new master key.`);
    } finally {
      await database.close();
    }

    if (fileBacked) {
      await rename(nextFile, current.file!);
      out(`The new master key is in ${current.file} (mode 0600). Back it up; the old key no longer opens anything.`);
    } else if (flag === '--generate') {
      out(`The new master key is in ${nextFile} (mode 0600).`);
      out('Set VAULT_MASTER_KEY to its contents on every server, restart them, then delete that file.');
    } else {
      out('Set VAULT_MASTER_KEY to the new key on every server and restart them.');
    }
    return 0;
  } catch (e) {
    err(
      `Rotation failed; nothing was changed. ${e instanceof Error ? e.name : 'Error'}: ${e instanceof Error ? e.message : ''}`,
    );
    return 1;
  } finally {
    await unlock();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runVaultCli(process.argv.slice(2));
}
