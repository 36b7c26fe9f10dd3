import { generateKeyPairSigner, getSignatureFromTransaction, isSolanaError } from '@solana/kit';
import type * as NodeFs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalValidator } from './create-local-validator';
import { loadChainState } from './state-file';
import { fundedSigner, sendSigned, startLocalChain, withTempDir } from '@tests/helpers/local-chain';
import { signedPayment, toFreshEscrow } from '@tests/helpers/local-chain-payments';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;

// A disk that fills up on demand: the journal's writeSync throws ENOSPC while `diskFull` is set.
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const writeSync = ((...args: Parameters<typeof fs.writeSync>) => {
    if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    return (fs.writeSync as (...a: unknown[]) => number)(...args);
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});
afterEach(() => {
  disk.full = false;
});

describe('a transaction whose journal append fails', () => {
  it('is refused and leaves no trace: not in history, not in balances, not after a restart', () =>
    withTempDir(async (stateDir) => {
      const chain = await startLocalChain({ stateDir, slotMs: 50 });
      const buyer = await fundedSigner(chain.rpc, 2n * SOL);
      const payment = await toFreshEscrow(SOL);
      const escrow = payment.recipient;
      const balance = async (who: string) => (await chain.rpc.getBalance(who as never).send()).value;
      const buyerBefore = await balance(buyer.address);
      const tx = await signedPayment(chain.rpc, buyer, payment);
      const signature = getSignatureFromTransaction(tx);

      disk.full = true;
      const refused = await sendSigned(chain.rpc, tx).catch((error: unknown) => error);
      disk.full = false;
      expect(isSolanaError(refused)).toBe(true);
      expect((refused as Error).message).toMatch(/could not save it/);

      // Readers never see it: no status, no history entry, balances as before.
      const [status] = (await chain.rpc.getSignatureStatuses([signature]).send()).value;
      expect(status).toBeNull();
      expect(
        await chain.rpc
          .getTransaction(signature, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
          .send(),
      ).toBeNull();
      expect(await balance(buyer.address)).toBe(buyerBefore);
      expect(await balance(escrow)).toBe(0n);
      const history = await chain.rpc.getSignaturesForAddress(escrow).send();
      expect(history).toEqual([]);

      // Once the disk has room again the same transaction lands (it was never processed), and is durable.
      await sendSigned(chain.rpc, tx);
      expect(await balance(escrow)).toBe(SOL);
      await chain.stop();
      const restarted = await loadChainState(stateDir);
      expect(restarted!.transactions.map((t) => t.signature)).toContain(signature);
      expect(BigInt(restarted!.accounts.get(escrow)!.lamports)).toBe(SOL);
    }));

  it('takes back an account the refused transaction would have created', () =>
    withTempDir(async (stateDir) => {
      const validator = await createLocalValidator({ stateDir, slotMs: 50 });
      const fresh = await generateKeyPairSigner();
      disk.full = true;
      await expect(validator.airdrop(fresh.address, SOL)).rejects.toThrow(/could not save it/);
      disk.full = false;
      const answer = (await validator.handle({
        jsonrpc: '2.0',
        id: 1,
        method: 'getAccountInfo',
        params: [fresh.address, { encoding: 'base64' }],
      })) as { result: { value: unknown } };
      // The airdrop never landed, so the account it would have created does not exist.
      expect(answer.result.value).toBeNull();
      await validator.close();
    }));
});
