import { parentPort, workerData } from 'node:worker_threads';
// key-crypto, not vault: a worker thread loads only the cipher, never the vault's repository and the database
// schema (≈2 s and ≈30 MB more per worker).
import { createVaultCipher } from '../key-crypto';
import { sealChunk, type SealJob, type SealedChunk } from './seal-chunk';

/** A bulk-upload crypto worker: seals chunks of rows with its own cipher over the master key it was given. */
const cipher = createVaultCipher(workerData.masterKey as Uint8Array);

parentPort?.on('message', (msg: { id: number; job: SealJob }) => {
  let sealed: SealedChunk;
  try {
    sealed = sealChunk(cipher, msg.job);
  } catch {
    // Never forward the error itself: its stack or message could hold row data.
    parentPort?.postMessage({ id: msg.id, error: 'sealing failed' });
    return;
  }
  parentPort?.postMessage({ id: msg.id, sealed });
});
parentPort?.postMessage({ ready: true });
