import { pathToFileURL } from 'node:url';
import { isSolanaAddress } from '@shared/keys/base58';
import { EnvError, loadEnv } from '../config/env';
import { openDatabase } from '../db/open-database';
import { lockEmbeddedDatabase } from './embedded-lock';
import { recordAudit } from '../modules/audit';
import { usersRepository } from '../modules/users';

/**
 * `npm run admin -- grant <wallet> | revoke <wallet> | list`: changes users.isAdmin in the configured database.
 * With the embedded database it takes the same DATA_DIR lock as the server, so it refuses to run while the server
 * does (PGlite would let two processes corrupt one directory). With PostgreSQL it runs beside live servers: they
 * read isAdmin on every request, so a change applies at once.
 */

const USAGE = 'Usage: npm run admin -- grant <wallet> | revoke <wallet> | list';

export interface AdminCliIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Runs one admin command; returns the process exit code. */
export async function runAdminCli(args: readonly string[], io: AdminCliIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  const [command, wallet, ...rest] = args;
  const needsWallet = command === 'grant' || command === 'revoke';
  if (!(needsWallet || command === 'list') || (needsWallet ? !wallet || rest.length > 0 : wallet !== undefined)) {
    err(USAGE);
    return 2;
  }
  if (needsWallet && !isSolanaAddress(wallet)) {
    err(`Not a Solana wallet address: ${wallet}`);
    return 2;
  }

  let env;
  try {
    env = loadEnv(io.env ?? process.env);
  } catch (e) {
    if (e instanceof EnvError) {
      err(e.message);
      return 1;
    }
    throw e;
  }

  const unlock = await lockEmbeddedDatabase(env, err, 'The admin command needs the embedded database to itself');
  if (!unlock) return 1;
  try {
    const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
    try {
      const db = database.db;
      if (command === 'list') {
        const admins = await usersRepository.listAdmins(db);
        if (admins.length === 0) out('No admin wallets.');
        for (const admin of admins) out(admin.walletAddress);
        return 0;
      }
      const granting = command === 'grant';
      const changed = await db.transaction(async (tx) => {
        const row = granting
          ? await usersRepository.grantAdmin(tx, wallet!)
          : await usersRepository.revokeAdmin(tx, wallet!);
        if (row) {
          await recordAudit(tx, {
            action: granting ? 'admin.grant' : 'admin.revoke',
            performedBy: 'cli',
            metadata: { wallet, source: 'admin command' },
          });
        }
        return row !== undefined;
      });
      out(
        changed
          ? `${wallet} is ${granting ? 'now an admin' : 'no longer an admin'}.`
          : `${wallet} ${granting ? 'was already an admin' : 'was not an admin'}; nothing changed.`,
      );
      if (!granting && env.adminWallets.includes(wallet!)) {
        err(
          `Warning: ${wallet} is listed in ADMIN_WALLETS and becomes admin again at the next start. Remove it there too.`,
        );
      }
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await unlock();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error('admin command failed:', e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
