import { parentPort, workerData } from 'node:worker_threads';
import { createVaultCipher } from '../vault/cipher';
import { sealListing, type SealInput, type SealResult } from './seal-listing';

/** A bulk-upload crypto worker: seals chunks of rows with its own cipher over the master key it was given. */
const cipher = createVaultCipher(workerData.masterKey as Uint8Array);

parentPort?.on('message', (job: { id: number; rows: SealInput[]; multiplier: number }) => {
  let results: SealResult[];
  try {
    results = job.rows.map((row) => sealListing(cipher, row, job.multiplier));
  } catch {
    // Never forward the error itself: its stack or message could hold row data.
    parentPort?.postMessage({ id: job.id, error: 'sealing failed' });
    return;
  }
  parentPort?.postMessage({ id: job.id, results });
});
parentPort?.postMessage({ ready: true });
