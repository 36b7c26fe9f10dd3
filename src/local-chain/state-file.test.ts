import { generateKeyPairSigner } from '@solana/kit';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLargeAccount, land, rpcCall, transferTo } from '@tests/helpers/local-chain-http';
import { withTempDir } from '@tests/helpers/local-chain';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { createLocalValidator } from './create-local-validator';
import {
  accountChange,
  applyAccountChange,
  createStateWriter,
  JOURNAL_FILE_NAME,
  loadChainState,
  STATE_FILE_NAME,
  toStoredTransaction,
  type StoredAccount,
} from './state-file';

const MIB = 1024 * 1024;
const journalSize = (stateDir: string) => stat(join(stateDir, JOURNAL_FILE_NAME)).then((s) => s.size);
const balanceOf = async (handle: (body: unknown) => Promise<unknown>, address: string) =>
  ((await handle(rpcCall('getBalance', [address]))) as { result: { value: number } }).result.value;

const account = (bytes: Uint8Array, lamports = '5'): StoredAccount => ({
  lamports,
  owner: '11111111111111111111111111111111',
  executable: false,
  data: Buffer.from(bytes).toString('base64'),
});

describe('local chain state file', () => {
  it('journals what a transaction changed: a transfer through a 1 MiB account appends bytes, not the account', () =>
    withTempDir(async (stateDir) => {
      const validator = await createLocalValidator({ stateDir, slotMs: 50, compactBytes: 64 * MIB });
      const payer = await generateKeyPairSigner();
      await validator.airdrop(payer.address, 100n * LAMPORTS_PER_SOL);
      const big = await createLargeAccount(validator, payer, MIB);
      const before = await journalSize(stateDir);
      // Each of these writes the 1 MiB account (its lamports): on 317f3b7 each appended the whole of it, 1.4 MB.
      for (let i = 0; i < 3; i++) await land(validator, payer, [transferTo(payer, big, 1_000n + BigInt(i))]);
      const perTransaction = ((await journalSize(stateDir)) - before) / 3;
      expect(perTransaction).toBeLessThan(4_096);
      const balance = await balanceOf(validator.handle, big);
      await validator.close();

      // The patches replay onto the account they change.
      const state = await loadChainState(stateDir);
      expect(Buffer.from(state!.accounts.get(big)!.data, 'base64')).toEqual(Buffer.alloc(MIB));
      const again = await createLocalValidator({ stateDir, slotMs: 50 });
      expect(await balanceOf(again.handle, big)).toBe(balance);
      await again.close();
    }));

  it('patches round-trip: changed pieces anywhere, at the edges, or none', () => {
    const size = 100_000;
    const base = new Uint8Array(size).map((_, i) => i % 251);
    const cases: [string, (bytes: Uint8Array) => void][] = [
      ['none', () => {}],
      ['first byte', (b) => (b[0] = 255)],
      ['last byte', (b) => (b[size - 1] = 255)],
      ['scattered', (b) => [7, 3_100, 3_101, 50_000, 99_998].forEach((i) => (b[i] = 255))],
      ['all', (b) => b.fill(9)],
    ];
    for (const [what, change] of cases) {
      const after = base.slice();
      change(after);
      const patch = accountChange(account(base), account(after, '6'));
      expect('patches' in patch, what).toBe(true);
      expect(applyAccountChange(account(base), patch), what).toEqual(account(after, '6'));
      // A piece is a few KiB of base64: a one-byte change journals one piece, not the account.
      if (what === 'first byte') expect(JSON.stringify(patch).length).toBeLessThan(5_000);
    }
    // A resized or new account is journalled whole.
    expect(accountChange(account(base), account(base.subarray(1)))).toEqual(account(base.subarray(1)));
    expect(accountChange(undefined, account(base))).toEqual(account(base));
  });

  it(
    'writes and reads back more state than one JavaScript string can hold (40 accounts of 10 MiB)',
    () =>
      withTempDir(async (stateDir) => {
        // 40 × 14 MB of base64 is past V8's ~512 MiB string limit: on 317f3b7 the snapshot's JSON.stringify threw, so
        // compaction failed, and a snapshot that large could not have been read back with one readFile either.
        const data = Buffer.alloc(10 * MIB, 7).toString('base64');
        const accounts = new Map<string, StoredAccount>();
        for (let i = 0; i < 40; i++) {
          const address = (await generateKeyPairSigner()).address;
          accounts.set(address, {
            lamports: String(i + 1),
            owner: '11111111111111111111111111111111',
            executable: false,
            data,
          });
        }
        const clock = { genesisHash: '11111111111111111111111111111111', genesisTimeMs: 1, lastSlot: 9 };
        const writer = createStateWriter(stateDir, () => ({ clock, accounts, transactions: [] }));
        writer.close();
        expect((await stat(join(stateDir, STATE_FILE_NAME))).size).toBeGreaterThan(2 ** 29);
        const state = await loadChainState(stateDir);
        expect(state!.accounts.size).toBe(40);
        for (const [address, stored] of accounts) {
          const loaded = state!.accounts.get(address)!;
          expect(loaded.lamports).toBe(stored.lamports);
          expect(loaded.data === data).toBe(true);
        }
        expect(state!.clock).toEqual(clock);
      }),
    120_000,
  );

  it('loads a version 1 snapshot and journal (one JSON object, whole accounts) and migrates them on start', () =>
    withTempDir(async (stateDir) => {
      // What 317f3b7 wrote: made with its own kind of content, by a chain that then stopped.
      const first = await createLocalValidator({ stateDir, slotMs: 50 });
      const payer = await generateKeyPairSigner();
      await first.airdrop(payer.address, 5n * LAMPORTS_PER_SOL);
      const recipient = (await generateKeyPairSigner()).address;
      const signature = await land(first, payer, [transferTo(payer, recipient, 1_234_567n)]);
      await first.close();
      const current = await loadChainState(stateDir);
      const { clock, accounts, transactions } = current!;
      // The last transaction goes to a version 1 journal entry (whole accounts), the rest to the snapshot.
      const last = transactions.at(-1)!;
      const v1Accounts = Object.fromEntries(accounts);
      const journalled = { [recipient]: v1Accounts[recipient]!, [payer.address]: v1Accounts[payer.address]! };
      const snapshotAccounts = { ...v1Accounts, [payer.address]: { ...v1Accounts[payer.address]!, lamports: '1' } };
      delete snapshotAccounts[recipient];
      const v1 = {
        format: 'vanity-vault-local-chain',
        version: 1,
        ...clock,
        accounts: snapshotAccounts,
        transactions: transactions.slice(0, -1).map(toStoredTransaction),
        journalSeq: 4,
      };
      await writeFile(join(stateDir, STATE_FILE_NAME), JSON.stringify(v1));
      const entry = { seq: 5, lastSlot: clock.lastSlot, tx: toStoredTransaction(last), accounts: journalled };
      await writeFile(join(stateDir, JOURNAL_FILE_NAME), `${JSON.stringify(entry)}\n`);

      const migrated = await createLocalValidator({ stateDir, slotMs: 50 });
      expect(await balanceOf(migrated.handle, recipient)).toBe(1_234_567);
      expect(await balanceOf(migrated.handle, payer.address)).toBe(Number(accounts.get(payer.address)!.lamports));
      const status = (await migrated.handle(rpcCall('getSignatureStatuses', [[signature]]))) as {
        result: { value: [{ err: unknown } | null] };
      };
      expect(status.result.value[0]).toMatchObject({ err: null });
      await migrated.close();
      // Start-up compacted it into version 2: a header line, then a line per account and transaction.
      const lines = (await readFile(join(stateDir, STATE_FILE_NAME), 'utf8')).trimEnd().split('\n');
      expect(JSON.parse(lines[0]!)).toMatchObject({
        version: 2,
        journalSeq: 5,
        accounts: accounts.size,
        transactions: transactions.length,
      });
      expect(lines).toHaveLength(1 + accounts.size + transactions.length);
      const reloaded = await loadChainState(stateDir);
      expect(reloaded!.accounts).toEqual(accounts);
      expect(reloaded!.transactions.map((t) => t.signature)).toEqual(transactions.map((t) => t.signature));
    }));

  it('refuses a version 2 snapshot cut short instead of starting without what it lost', () =>
    withTempDir(async (stateDir) => {
      const validator = await createLocalValidator({ stateDir, slotMs: 50 });
      await validator.airdrop((await generateKeyPairSigner()).address, LAMPORTS_PER_SOL);
      await validator.close();
      const path = join(stateDir, STATE_FILE_NAME);
      const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
      await writeFile(path, `${lines.slice(0, -1).join('\n')}\n`);
      await expect(loadChainState(stateDir)).rejects.toThrow(/damaged/);
    }));
});
