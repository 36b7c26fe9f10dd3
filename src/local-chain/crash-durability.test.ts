import { getBase64EncodedWireTransaction, getSignatureFromTransaction } from '@solana/kit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_FILE_NAME, STATE_FILE_NAME } from './state-file';
import { fundedSigner, startLocalChain, withTempDir } from '@tests/helpers/local-chain';
import { signedPayment, toFreshEscrow } from '@tests/helpers/local-chain-payments';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;

type Rpc = { result?: { value: unknown[] | unknown } };

/**
 * A SIGKILL keeps exactly what is in the state files (snapshot and journal) at that instant. So whatever the chain has told anyone — a
 * signature status, a balance — must already be in the file when the answer is given; otherwise a server that
 * verified a payment could die and come back to a chain without it (a sale recorded, no money paid).
 */
describe('local validator state under SIGKILL', () => {
  it('never reports a landed transaction before it is in the state file', () =>
    withTempDir(async (stateDir) => {
      const chain = await startLocalChain({ stateDir, slotMs: 50 });
      try {
        const buyer = await fundedSigner(chain.rpc, 2n * SOL);
        const payment = await toFreshEscrow(SOL);
        const escrow = payment.recipient;
        const tx = await signedPayment(chain.rpc, buyer, payment);
        const signature = getSignatureFromTransaction(tx);
        const onDisk = () =>
          [STATE_FILE_NAME, JOURNAL_FILE_NAME].map((name) => readFileSync(join(stateDir, name), 'utf8')).join('\n');

        // Another client (the server's own verifier, a wallet polling) asks while the send is in flight.
        const sending = chain.validator.handle({
          jsonrpc: '2.0',
          id: 1,
          method: 'sendTransaction',
          params: [getBase64EncodedWireTransaction(tx), { encoding: 'base64' }],
        });
        const status = (await chain.validator.handle({
          jsonrpc: '2.0',
          id: 2,
          method: 'getSignatureStatuses',
          params: [[signature]],
        })) as Rpc;
        const fileWhenStatusAnswered = onDisk();
        const balance = (await chain.validator.handle({
          jsonrpc: '2.0',
          id: 3,
          method: 'getBalance',
          params: [escrow],
        })) as Rpc;
        const fileWhenBalanceAnswered = onDisk();
        await sending;

        // Both reads saw the payment (it executes the moment the send is handed over)…
        expect((status.result as { value: unknown[] }).value[0]).toMatchObject({ confirmationStatus: 'confirmed' });
        expect((balance.result as { value: number }).value).toBe(Number(SOL));
        // …so it had to be on disk by the time each of them answered.
        expect(fileWhenStatusAnswered).toContain(signature);
        expect(fileWhenBalanceAnswered).toContain(signature);
      } finally {
        await chain.stop();
      }
    }));
});
