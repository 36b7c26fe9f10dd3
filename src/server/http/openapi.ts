import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { setDefaultAccess } from './guards';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' zod schemas (one source of truth), served as JSON at
 * /api/docs/json and browsable at /api/docs. Registered before the routes so it sees every one of them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vanity Vault API',
        description:
          'Marketplace for vanity Solana addresses. Errors are `{ error: CODE, message }`. Private routes need the ' +
          'session cookie from Sign-In With Solana (POST /api/auth/challenge, then /api/auth/verify).',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public; its routes come from the plugin, so they get their access level from the scope.
  await app.register(async (scope) => {
    setDefaultAccess(scope, 'public');
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}
