import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app';
import { createChainContext, serveStandardPorts, sharedAirdropBudget } from './modules/chain';
import type { Env } from './config/env';
import type { Database } from './db/database';
import { dataDirErrorOf } from './db/data-dir-error';
import { restrictDataDirTree, secureDataDir } from './db/data-dir-permissions';
import { lockDataDir } from './db/data-dir-lock';
import { openDatabase } from './db/open-database';
import { seedReferenceData } from './db/seed-reference-data';
import { seedDemoData } from './modules/demo';

export interface ServerRuntime {
  app: FastifyInstance;
  /** Stops accepting requests, lets in-flight ones finish, then closes the chain, the database and the lock. */
  close(): Promise<void>;
}

/**
 * Everything a running server holds, opened in dependency order and closed in reverse. `main.ts` uses it, and so
 * do tests that need a real process-like server without spawning one.
 */
export async function createServerRuntime(env: Env, appOptions: AppOptions = {}): Promise<ServerRuntime> {
  try {
    return await openRuntime(env, appOptions);
  } catch (err) {
    // A read-only or full DATA_DIR: say so, naming it, rather than a bare errno from deep inside PGlite or fs.
    throw dataDirErrorOf(err, env.dataDir, !env.databaseUrl) ?? err;
  }
}

async function openRuntime(env: Env, appOptions: AppOptions): Promise<ServerRuntime> {
  const usesDataDir = !env.databaseUrl || (env.isLocal && env.rpcUrls.length === 0);
  // Refuse a DATA_DIR other accounts can reach before reading anything from it (data-dir-permissions.ts).
  if (usesDataDir) await secureDataDir(env.dataDir);
  // Lock first: a second process must fail before it touches the embedded database or the chain state.
  const unlock = usesDataDir ? await lockDataDir(env.dataDir) : async () => {};
  const closers: (() => Promise<void>)[] = [unlock];
  try {
    const database = await openDatabase({
      databaseUrl: env.databaseUrl,
      dataDir: env.dataDir,
      readUrls: env.databaseReadUrls,
      maxReplicaLagMs: env.readReplicaMaxLagMs,
    });
    closers.unshift(() => database.close());
    await seedReferenceData(database.db);
    const chain = await createChainContext(env);
    closers.unshift(() => chain.close());
    // PGlite creates its files 0666: make them, the chain state and everything else in DATA_DIR owner-only.
    if (usesDataDir) await restrictDataDirTree(env.dataDir);
    const app = await buildApp({ env, database, chain }, appOptions);
    if (chain.validator && env.isLocal && env.localRpcPort !== 0) {
      const context = { publicOrigin: env.publicOrigin, admitAirdrop: sharedAirdropBudget(database.db) };
      closers.unshift(await serveStandardPorts(chain.validator, env.localRpcPort, app.log, context));
    }
    if (env.demoData) await seedDemo(app, database);
    return {
      app,
      async close() {
        await app.close();
        for (const close of closers) await close().catch(() => {});
      },
    };
  } catch (err) {
    for (const close of closers) await close().catch(() => {});
    throw err;
  }
}

/**
 * DEMO_DATA: demo listings on an empty database (a no-op otherwise). A failure is logged, not fatal: the shop
 * works without its demo content.
 */
async function seedDemo(app: FastifyInstance, database: Database): Promise<void> {
  try {
    const result = await seedDemoData(database, { cipher: app.vault.cipher });
    if (result.seeded) {
      app.log.info(
        { listings: result.listings, sold: result.sold, demoAdmin: result.adminWallet },
        'seeded demo listings',
      );
    }
  } catch (err) {
    app.log.error({ err }, 'demo data could not be seeded');
  }
}
