// The key's cryptography and nothing else: no database, no Fastify. Worker threads (bulk sealing, the grinder) load
// this index alone, so it must stay light: the vault module, which stores keys, builds on it
// (docs/architecture.md#server-modules).
export { KeyFormatError } from './key-formats';
export { OwnershipError, proveOwnership, type OwnershipFailure } from './ownership';
export { VaultDecryptError, createVaultCipher, type EncryptedKeyRow, type VaultCipher } from './cipher';
export { loadSodium, type Sodium } from './libsodium';
export { MasterKeyError, generateMasterKey, masterKeyToBase64, parseMasterKey } from './master-key';
export {
  addressOfSecretKey,
  isConsistentSecretKey,
  publicKeyFromSeed,
  publicKeyToAddress,
  secretKeyFromSeed,
  secretKeyToBase58,
} from './secret-key-encoding';
