import pg from 'pg';

/** Runs `fn` on a connection of its own to `url`, closed afterwards whatever `fn` does. */
export async function withPgClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
