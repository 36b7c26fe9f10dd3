import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Env } from '../config/env';

/** Origins the browser may call besides our own: the configured RPC endpoints (the wallet pays through them). */
function rpcOrigins(env: Env): string[] {
  return [...new Set(env.rpcUrls.map((u) => new URL(u).origin))];
}

/**
 * The headers helmet sets for `options`, worked out once. None of our options depends on the request (no nonces),
 * so every response carries the same ones: @fastify/helmet built a new helmet middleware, CSP parsing included, on
 * every request, a measurable part of a computed search page.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and Tailwind set style attributes at run time; inline styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...rpcOrigins(env)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(env.publicOrigin.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The app is served over plain http in local mode; HSTS only makes sense behind https.
    strictTransportSecurity: env.publicOrigin.startsWith('https://'),
    crossOriginEmbedderPolicy: false,
  });
  // Every response, errors and static files included; a route may still override one (pay/cors-headers.ts).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
