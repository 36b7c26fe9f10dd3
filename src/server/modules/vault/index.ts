export { addressBytes, decodeBase58, encodeBase58, isSolanaAddress } from '@shared/keys/base58';
export { KeyFormatError, normalizeSecretKey } from './key-formats';
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
export { vaultRepository, type StoredKey, type StoredKeyArrays } from './vault.repository';
export { vaultPlugin, type Vault } from './vault.plugin';
export { createKeyFileOnce, writeNewKeyFile } from './key-file';
export { MASTER_KEY_FILE, loadMasterKey, type LoadedMasterKey, type MasterKeySource } from './load-master-key';
export { rotateMasterKey } from './rotate-master-key';
