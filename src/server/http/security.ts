import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';

/** Origins the browser may call besides our own: the configured RPC endpoints (the wallet pays through them). */
function rpcOrigins(env: Env): string[] {
  return [...new Set(env.rpcUrls.map((u) => new URL(u).origin))];
}

export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
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
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
