import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createAttestation, type Attestation } from './attestation';
import { loadAttestationKey } from './attestation-key';

declare module 'fastify' {
  interface FastifyInstance {
    attestation: Attestation;
  }
}

/** Decorates `app.attestation` app-wide, so purchases sign receipts with the key the trust routes publish. */
export const attestationPlugin = fp(
  async (app: FastifyInstance) => {
    const seed = await loadAttestationKey(app.env, (message) => app.log.warn(message));
    app.decorate('attestation', createAttestation(seed, app.env.cluster));
  },
  { name: 'attestation' },
);
