import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Database } from '@server/db/database';
import type { TestApp } from './app';

/**
 * A running server process seen through the `app.inject` interface the API test helpers use (signIn,
 * createListing, initiate, confirm, reveal …), but every call is a real HTTP request over loopback. Only what those
 * helpers use is provided: method, url, headers, a JSON payload; statusCode, headers, body, json() and cookies.
 * `database` is the test's own connection to the servers' database (for makeAdmin and row counts).
 */
export interface RemoteResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- as light-my-request's json()
  cookies: { name: string; value: string }[];
}

export function remoteApp(baseUrl: string, database: Database): FastifyInstance {
  const inject = async (opts: InjectOptions): Promise<RemoteResponse> => {
    const headers = new Headers(opts.headers as Record<string, string> | undefined);
    let body: string | undefined;
    if (opts.payload !== undefined) {
      body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const url = typeof opts.url === 'string' ? opts.url : '/';
    const res = await fetch(`${baseUrl}${url}`, { method: opts.method ?? 'GET', headers, body });
    const text = await res.text();
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      json: () => JSON.parse(text),
      cookies: res.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
      }),
    };
  };
  return { inject, database } as unknown as FastifyInstance;
}

/** A TestApp over a remote server, for helpers that take one (createListing, initiate, countRows …). */
export function remoteTestApp(baseUrl: string, database: Database): TestApp {
  return { app: remoteApp(baseUrl, database), database } as unknown as TestApp;
}
