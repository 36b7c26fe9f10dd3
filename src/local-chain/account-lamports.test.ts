import { getTransferSolInstruction } from '@solana-program/system';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInProcessChainRpc } from '@chain/rpc/chain-rpc';
import { createLocalValidator } from './create-local-validator';
import { loadAccountLamports } from './state-file';
import { withTempDir } from '@tests/helpers/local-chain';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;

/** Size and mtime of every file in `dir`: what a read-only loader must leave exactly as it was. */
async function filesOf(dir: string) {
  const names = (await readdir(dir)).sort();
  return Promise.all(
    names.map(async (name) => {
      const s = await stat(join(dir, name));
      return { name, size: s.size, mtimeMs: s.mtimeMs };
    }),
  );
}

describe('loadAccountLamports', () => {
  it('is undefined for a folder without a saved chain', () =>
    withTempDir(async (dir) => {
      expect(await loadAccountLamports(dir)).toBeUndefined();
    }));

  it('reads what the validator holds, from the journal and after compaction, without writing anything', () =>
    withTempDir(async (stateDir) => {
      const validator = await createLocalValidator({ stateDir, slotMs: 50 });
      const rpc = createInProcessChainRpc(validator.handle);
      const kept = await generateKeyPairSigner();
      const emptied = await generateKeyPairSigner();
      await validator.airdrop(kept.address, 2n * SOL);
      await validator.airdrop(emptied.address, SOL);
      // `emptied` sends all it has (less its fee) to `kept`: the account is gone, as a settled escrow is.
      const { value: lifetime } = await rpc.getLatestBlockhash().send();
      const signed = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(emptied, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) =>
            appendTransactionMessageInstructions(
              [getTransferSolInstruction({ source: emptied, destination: kept.address, amount: SOL - 5_000n })],
              m,
            ),
        ),
      );
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
      const expected = (await rpc.getBalance(kept.address).send()).value;
      expect(expected).toBe(3n * SOL - 5_000n);
      expect((await rpc.getBalance(emptied.address).send()).value).toBe(0n);

      // Still running: the airdrops and the transfer are only in the journal.
      const before = await filesOf(stateDir);
      const fromJournal = await loadAccountLamports(stateDir);
      expect(fromJournal?.get(kept.address)).toBe(expected);
      expect(fromJournal?.has(emptied.address)).toBe(false);
      expect(await filesOf(stateDir)).toEqual(before);

      await validator.close();
      const fromSnapshot = await loadAccountLamports(stateDir);
      expect(fromSnapshot?.get(kept.address)).toBe(expected);
      expect(fromSnapshot?.has(emptied.address)).toBe(false);
      expect(fromSnapshot).toEqual(fromJournal);
    }));
});
