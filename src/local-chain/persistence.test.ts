import { isSolanaError, lamports, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED } from '@solana/kit';
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { STATE_FILE_NAME } from './state-file';
import { fundedSigner, sendSigned, startLocalChain, withTempDir } from '@tests/helpers/local-chain';
import { signedPayment, toFreshEscrow } from '@tests/helpers/local-chain-payments';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;

describe('local validator state under DATA_DIR', () => {
  it('keeps balances, transactions, slots and replay protection across a restart', () =>
    withTempDir(async (stateDir) => {
      const first = await startLocalChain({ stateDir, slotMs: 100 });
      const buyer = await fundedSigner(first.rpc, 3n * SOL);
      const payment = await toFreshEscrow(SOL);
      const escrow = payment.recipient;
      const tx = await signedPayment(first.rpc, buyer, payment);
      const signature = await sendSigned(first.rpc, tx);
      const before = await first.rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
        .send();
      const slotBefore = await first.rpc.getSlot().send();
      const genesis = first.validator.genesisHash;
      await first.stop();
      expect((await readdir(stateDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      expect(await readdir(stateDir)).toContain(STATE_FILE_NAME);

      const second = await startLocalChain({ stateDir, slotMs: 100 });
      try {
        expect(second.validator.genesisHash).toBe(genesis);
        expect(await second.rpc.getSlot().send()).toBeGreaterThanOrEqual(slotBefore);
        expect((await second.rpc.getBalance(buyer.address).send()).value).toBe(2n * SOL - 5_000n);
        expect((await second.rpc.getBalance(escrow).send()).value).toBe(SOL);
        const after = await second.rpc
          .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
          .send();
        expect(after).toEqual(before);
        const found = await second.rpc.getSignaturesForAddress(escrow, { commitment: 'confirmed' }).send();
        expect(found.map((s) => s.signature)).toEqual([signature]);
        // the blockhash the transaction used is still valid after the restart, so only history stops a replay
        await expect(sendSigned(second.rpc, tx)).rejects.toSatisfy(
          (e) => isSolanaError(e) && isSolanaError(e.cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED),
        );
        expect((await second.rpc.getBalance(buyer.address).send()).value).toBe(2n * SOL - 5_000n);
        // and the restored chain keeps working
        await second.validator.airdrop(escrow, lamports(SOL));
        expect((await second.rpc.getBalance(escrow).send()).value).toBe(2n * SOL);
      } finally {
        await second.stop();
      }
    }));
});
