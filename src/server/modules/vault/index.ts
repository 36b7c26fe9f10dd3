// Where keys are kept: the encrypted-keys repository, the master key's file and rotation, and the plugin that gives
// routes the cipher. The cipher itself and key formats are the key-crypto module's (docs/domain.md#key-vault).
export { vaultRepository } from './vault.repository';
export { vaultPlugin } from './vault.plugin';
export { createKeyFileOnce, writeNewKeyFile } from './key-file';
export { MASTER_KEY_FILE, loadMasterKey } from './load-master-key';
export { rotateMasterKey } from './rotate-master-key';
