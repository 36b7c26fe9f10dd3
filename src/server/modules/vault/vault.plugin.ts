import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createVaultCipher, type VaultCipher } from '../key-crypto';
import { loadMasterKey } from './load-master-key';

export interface Vault {
  cipher: VaultCipher;
  /** The master key, for the bulk workers only (they build their own cipher). Never log or return it. */
  masterKey: Uint8Array;
}

declare module 'fastify' {
  interface FastifyInstance {
    vault: Vault;
  }
}

/**
 * Decorates `app.vault` app-wide (fastify-plugin: not encapsulated), so listings store keys and purchases reveal
 * them with the same cipher. The master key comes from VAULT_MASTER_KEY or, in local mode, DATA_DIR/master.key.
 */
export const vaultPlugin = fp(
  async (app: FastifyInstance) => {
    const { key } = await loadMasterKey(app.env, (message) => app.log.warn(message));
    app.decorate('vault', { cipher: createVaultCipher(key), masterKey: key });
  },
  { name: 'vault' },
);
