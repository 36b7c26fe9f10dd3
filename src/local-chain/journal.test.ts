import { generateKeyPairSigner } from '@solana/kit';
import { appendFile, copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { JOURNAL_FILE_NAME, loadChainState, STATE_FILE_NAME } from './state-file';
import {
  fundedSigner,
  latestLifetime,
  sendSigned,
  signMessage,
  startLocalChain,
  waitUntil,
  withTempDir,
} from '@tests/helpers/local-chain';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;

/**
 * Lands `payments` equal payments from one buyer to one recipient (and the airdrop that funds them); returns every
 * signature, oldest first. A payment carries nothing of its own (no memo, no reference), so two under one blockhash
 * would be one transaction, refused the second time: each waits for a fresh blockhash.
 */
async function landPayments(chain: Awaited<ReturnType<typeof startLocalChain>>, payments: number) {
  const buyer = await fundedSigner(chain.rpc, 10n * SOL);
  const seller = await generateKeyPairSigner();
  const signatures: string[] = [];
  let lifetime = await latestLifetime(chain.rpc);
  for (let i = 0; i < payments; i++) {
    if (i > 0) {
      const used = lifetime.blockhash;
      await waitUntil(async () => (lifetime = await latestLifetime(chain.rpc)).blockhash !== used);
    }
    const tx = await signMessage(
      buildPaymentTransaction({
        payment: { recipient: seller.address, lamports: SOL / 10n, reference: seller.address },
        buyer,
        lifetime,
      }),
    );
    signatures.push(await sendSigned(chain.rpc, tx));
  }
  return { buyer, seller, signatures };
}

/** What a SIGKILL leaves is what is in the files at that instant: copy them while the writer is still open. */
async function copyStateFiles(from: string, to: string): Promise<void> {
  for (const name of [STATE_FILE_NAME, JOURNAL_FILE_NAME]) await copyFile(join(from, name), join(to, name));
}

const signaturesOf = (state: Awaited<ReturnType<typeof loadChainState>>) => state!.transactions.map((t) => t.signature);

describe('local chain journal', () => {
  it('makes every landed transaction durable by appending it, without rewriting the snapshot', () =>
    withTempDir(async (stateDir) => {
      const chain = await startLocalChain({ stateDir, slotMs: 50 });
      const snapshotBefore = await readFile(join(stateDir, STATE_FILE_NAME), 'utf8');
      const { buyer, seller, signatures } = await landPayments(chain, 3);
      const balances = {
        buyer: (await chain.rpc.getBalance(buyer.address).send()).value,
        seller: (await chain.rpc.getBalance(seller.address).send()).value,
      };
      const killedDir = await mkdtemp(join(tmpdir(), 'vv-chain-killed-'));
      await copyStateFiles(stateDir, killedDir);
      try {
        expect(await readFile(join(stateDir, STATE_FILE_NAME), 'utf8')).toBe(snapshotBefore);
        const journal = await readFile(join(killedDir, JOURNAL_FILE_NAME), 'utf8');
        expect(journal.trimEnd().split('\n')).toHaveLength(signatures.length + 1); // + the funding airdrop

        const state = await loadChainState(killedDir);
        expect(signaturesOf(state).slice(-signatures.length)).toEqual(signatures);
        expect(BigInt(state!.accounts.get(buyer.address)!.lamports)).toBe(balances.buyer);
        expect(BigInt(state!.accounts.get(seller.address)!.lamports)).toBe(balances.seller);

        const restarted = await startLocalChain({ stateDir: killedDir, slotMs: 50 });
        try {
          expect((await restarted.rpc.getBalance(seller.address).send()).value).toBe(balances.seller);
          expect((await restarted.rpc.getBalance(buyer.address).send()).value).toBe(balances.buyer);
        } finally {
          await restarted.stop();
        }
      } finally {
        await chain.stop();
        await rm(killedDir, { recursive: true, force: true });
      }
    }));

  it('ignores a torn last journal line and starts clean', () =>
    withTempDir(async (killedDir) => {
      const { seller, signatures } = await withTempDir(async (stateDir) => {
        const chain = await startLocalChain({ stateDir, slotMs: 50 });
        const landed = await landPayments(chain, 2);
        await copyStateFiles(stateDir, killedDir);
        await chain.stop();
        return landed;
      });

      // A crash mid-append: half of a further entry, no newline.
      const journalPath = join(killedDir, JOURNAL_FILE_NAME);
      const lines = (await readFile(journalPath, 'utf8')).trimEnd().split('\n');
      await appendFile(journalPath, lines.at(-1)!.slice(0, 80));

      const state = await loadChainState(killedDir);
      expect(signaturesOf(state).slice(-signatures.length)).toEqual(signatures);

      const restarted = await startLocalChain({ stateDir: killedDir, slotMs: 50 });
      try {
        // The torn bytes are gone before anything is appended after them.
        expect((await stat(journalPath)).size).toBe(0);
        expect((await restarted.rpc.getBalance(seller.address).send()).value).toBe(SOL / 5n);
        const more = await landPayments(restarted, 1);
        expect((await restarted.rpc.getBalance(more.seller.address).send()).value).toBe(SOL / 10n);
        expect(signaturesOf(await loadChainState(killedDir)).slice(-1)).toEqual(more.signatures);
      } finally {
        await restarted.stop();
      }
    }));

  it('refuses a journal damaged before its last line', () =>
    withTempDir(async (killedDir) => {
      await withTempDir(async (stateDir) => {
        const chain = await startLocalChain({ stateDir, slotMs: 50 });
        await landPayments(chain, 2);
        await copyStateFiles(stateDir, killedDir);
        await chain.stop();
      });
      const journalPath = join(killedDir, JOURNAL_FILE_NAME);
      const lines = (await readFile(journalPath, 'utf8')).trimEnd().split('\n');
      lines[0] = lines[0]!.slice(0, 40);
      await writeFile(journalPath, `${lines.join('\n')}\n`);
      await expect(loadChainState(killedDir)).rejects.toThrow(/line 1 is damaged/);
    }));

  it('removes temp files a dead compaction left behind', () =>
    withTempDir(async (stateDir) => {
      const first = await startLocalChain({ stateDir, slotMs: 50 });
      const { seller } = await landPayments(first, 1);
      await first.stop();
      const leftover = [`${STATE_FILE_NAME}.4242.1.tmp`, `${STATE_FILE_NAME}.4242.2.tmp`];
      await writeFile(join(stateDir, leftover[0]!), '{"format":"vanity-vault-local-chain","ver');
      await writeFile(join(stateDir, leftover[1]!), '');

      const second = await startLocalChain({ stateDir, slotMs: 50 });
      try {
        expect((await readdir(stateDir)).sort()).toEqual([JOURNAL_FILE_NAME, STATE_FILE_NAME]);
        expect((await second.rpc.getBalance(seller.address).send()).value).toBe(SOL / 10n);
      } finally {
        await second.stop();
      }
    }));

  it('compacts without changing the state, and a crash before the journal is emptied replays nothing twice', () =>
    withTempDir(async (stateDir) => {
      // A threshold small enough that landing transactions compacts on its own, more than once.
      const chain = await startLocalChain({ stateDir, slotMs: 50, compactBytes: 4_000 });
      try {
        const snapshots = new Set<string>();
        for (let round = 0; round < 3; round++) {
          await landPayments(chain, 3);
          snapshots.add(await readFile(join(stateDir, STATE_FILE_NAME), 'utf8'));
        }
        expect(snapshots.size).toBeGreaterThan(1);

        const journalPath = join(stateDir, JOURNAL_FILE_NAME);
        // Leave something in the journal for the explicit compaction below (the last landing may have emptied it).
        for (let i = 0; i < 5 && (await stat(journalPath)).size === 0; i++) {
          await chain.validator.airdrop((await generateKeyPairSigner()).address, SOL);
        }
        expect((await stat(journalPath)).size).toBeGreaterThan(0);
        const replayed = await loadChainState(stateDir);
        const journalBefore = join(stateDir, 'journal-before');
        await copyFile(journalPath, journalBefore);

        await chain.validator.flush();
        expect((await stat(journalPath)).size).toBe(0);
        const compacted = await loadChainState(stateDir);
        // lastSlot alone may move on: the clock keeps running between the last landing and the compaction.
        expect({ ...compacted, clock: { ...compacted!.clock, lastSlot: 0 } }).toEqual({
          ...replayed,
          clock: { ...replayed!.clock, lastSlot: 0 },
        });

        // The snapshot was renamed in but the journal still holds what it now contains.
        await copyFile(journalBefore, journalPath);
        expect(await loadChainState(stateDir)).toEqual(compacted);
      } finally {
        await chain.stop();
      }
    }));
});
