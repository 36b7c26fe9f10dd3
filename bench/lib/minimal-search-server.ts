import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { statementName } from '@server/db/prepared';
import { onCleanup } from './cleanup';

/** A statement as the app sends it: text and parameters (`%sol%` standing for the search text). */
export interface SentStatement {
  sql: string;
  params: unknown[];
}

/**
 * What the app sends for a computed search page, recorded from its own repository code: the default page (its
 * total kept, so one statement), and a substring search (its matches counted and the page's rows, one statement).
 */
export interface MinimalStatements {
  defaultPage: SentStatement;
  matchedPage: SentStatement;
  /** The search text the recorded substring statements were made with. */
  sample: string;
}

/**
 * The floor under the app's computed search: node:http and pg sending the same statements, as named
 * statements with the same names and the same pool size, and answering their rows as JSON. No routing, schema,
 * session, mapping or cache: the app's figure divided by this one is what the app's own work costs.
 */
function serve(url: string, s: MinimalStatements, port: number): void {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // Named like the app's, except a substring's, which the app sends unnamed (planned for its text each time).
  const run = (st: SentStatement, values: unknown[], named = true) =>
    pool.query({ ...(named ? { name: statementName(st.sql) } : {}), text: st.sql, values }).then((r) => r.rows);
  const sample = `%${s.sample}%`;
  createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams.get('query');
    const answer = async () => {
      if (!query) return { addresses: await run(s.defaultPage, s.defaultPage.params) };
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await run(
        s.matchedPage,
        s.matchedPage.params.map((p) => (p === sample ? like : p)),
        false,
      );
      return { addresses: rows.filter((r) => r.id !== null), total: rows[0]?.n };
    };
    answer().then(
      (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  }).listen(port, '127.0.0.1', () => process.send?.('listening'));
}

/** Starts the minimal server as a child process (like the app's, so neither shares the load generator's CPU). */
export async function startMinimalServer(
  url: string,
  statements: MinimalStatements,
  port: number,
): Promise<{ origin: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: {
      ...process.env,
      MINIMAL_URL: url,
      MINIMAL_PORT: String(port),
      MINIMAL_STATEMENTS: JSON.stringify(statements),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(`stop minimal server ${child.pid}`, async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the minimal server exited with ${code}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve(
    process.env.MINIMAL_URL!,
    JSON.parse(process.env.MINIMAL_STATEMENTS!) as MinimalStatements,
    Number(process.env.MINIMAL_PORT),
  );
}
