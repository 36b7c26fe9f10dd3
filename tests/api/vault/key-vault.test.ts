import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVaultCli } from '@server/cli/vault';
import { openEmbeddedDatabase } from '@server/db/open-embedded';
import { users } from '@server/db/schema';
import { createListing as createListingService } from '@server/modules/listings';
import { loadMasterKey, rotateMasterKey, vaultRepository } from '@server/modules/vault';
import { createVaultCipher, parseMasterKey, VaultDecryptError } from '@server/modules/key-crypto';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createAdmin, createListing } from '@tests/helpers/factories';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';

let t: TestApp;
const keys: { id: string; keypair: TestKeypair }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createAdmin(t);
  for (let i = 0; i < 3; i++) {
    const { listing, keypair } = await createListing(t, { seller });
    keys.push({ id: listing.id, keypair });
  }
});
afterAll(() => t?.close());

describe('the key vault at rest', () => {
  it('leaves no private key in any encoding in a dump of addresses and encrypted_keys', async () => {
    const dump = JSON.stringify([
      await t.database.query('select * from addresses'),
      await t.database.query('select * from encrypted_keys'),
      await t.database.query('select * from transaction_audit'),
    ]);
    expect(dump.length).toBeGreaterThan(1000);
    for (const { keypair } of keys) {
      for (const [form, value] of Object.entries(keypair.forms)) {
        expect(dump.includes(value), form).toBe(false);
        expect(dump.toLowerCase().includes(value.toLowerCase()), form).toBe(false);
      }
      expect(dump).toContain(keypair.address);
    }
  });

  it('decrypts each key only on its own row: a ciphertext copied to another address fails', async () => {
    const cipher = t.app.vault.cipher;
    const [a, b] = keys;
    const rowA = (await vaultRepository.findByListingId(t.database.db, a!.id))!;
    expect(Buffer.from(cipher.decrypt(a!.keypair.address, rowA)).equals(Buffer.from(a!.keypair.secretKey))).toBe(true);
    await t.database.query(
      'update encrypted_keys set encrypted_private_key = $1, salt = $2, iv = $3 where address_id = $4',
      [rowA.encryptedPrivateKey, rowA.salt, rowA.iv, b!.id],
    );
    const moved = (await vaultRepository.findByListingId(t.database.db, b!.id))!;
    expect(() => cipher.decrypt(b!.keypair.address, moved)).toThrow(VaultDecryptError);
  });

  it('rotates every row in one transaction: the old master key no longer decrypts, the new one does', async () => {
    const fresh = await createTestApp();
    try {
      const seller = await createAdmin(fresh);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await createListing(fresh, { seller }));
      const oldKey = parseMasterKey(fresh.env.vaultMasterKey!);
      const newKey = new Uint8Array(32).fill(7);
      expect(await rotateMasterKey(fresh.database, oldKey, newKey)).toBe(3);
      for (const { listing, keypair } of made) {
        const row = (await vaultRepository.findByListingId(fresh.database.db, listing.id))!;
        expect(() => createVaultCipher(oldKey).decrypt(keypair.address, row)).toThrow(VaultDecryptError);
        expect(
          Buffer.from(createVaultCipher(newKey).decrypt(keypair.address, row)).equals(Buffer.from(keypair.secretKey)),
        ).toBe(true);
      }
      // A wrong "old" key changes nothing: the transaction rolls back on the first row it cannot open.
      const before = await fresh.database.query('select * from encrypted_keys order by id');
      await expect(rotateMasterKey(fresh.database, oldKey, new Uint8Array(32).fill(9))).rejects.toThrow(
        VaultDecryptError,
      );
      expect(await fresh.database.query('select * from encrypted_keys order by id')).toEqual(before);
    } finally {
      await fresh.close();
    }
  });
});

describe('npm run vault -- rotate-master-key (embedded database)', () => {
  it('generates a new key file, re-encrypts, and prints no secret', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vv-vault-cli-'));
    try {
      const env = { DATA_DIR: dataDir, SOLANA_CLUSTER: 'local', LOG_LEVEL: 'silent' };
      const first = await loadMasterKey({ isLocal: true, dataDir });
      expect(first.origin).toBe('generated');
      expect((await stat(first.file!)).mode & 0o777).toBe(0o600);
      const kp = newKeypair();
      const database = await openEmbeddedDatabase(dataDir);
      try {
        const [seller] = await database.db
          .insert(users)
          .values({ walletAddress: newKeypair().address, isAdmin: true })
          .returning();
        await createListingService(
          { database, cipher: createVaultCipher(first.key) },
          {
            address: kp.address,
            network: 'solana',
            price: '1',
            currency: 'SOL',
            isListed: true,
            listingType: 'standard',
            privateKey: kp.forms.base58Secret,
          },
          { userId: seller!.id, wallet: seller!.walletAddress },
        );
      } finally {
        await database.close();
      }

      const lines: string[] = [];
      const code = await runVaultCli(['rotate-master-key', '--generate'], {
        env,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
      });
      expect(code, lines.join('\n')).toBe(0);
      const printed = lines.join('\n');
      expect(printed).toContain('Re-encrypted 1 stored private key');
      expect(printed).toContain(path.join(dataDir, 'master.key'));
      const newKeyText = (await readFile(path.join(dataDir, 'master.key'), 'utf8')).trim();
      expect(printed).not.toContain(newKeyText);
      for (const value of Object.values(kp.forms)) expect(printed).not.toContain(value);

      const reopened = await openEmbeddedDatabase(dataDir);
      try {
        const [row] = await reopened.query<{ id: string }>('select id from addresses');
        const stored = (await vaultRepository.findByListingId(reopened.db, row!.id))!;
        expect(() => createVaultCipher(first.key).decrypt(kp.address, stored)).toThrow(VaultDecryptError);
        const now = await loadMasterKey({ isLocal: true, dataDir });
        expect(
          Buffer.from(createVaultCipher(now.key).decrypt(kp.address, stored)).equals(Buffer.from(kp.secretKey)),
        ).toBe(true);
      } finally {
        await reopened.close();
      }
      expect(await runVaultCli(['rotate-master-key'], { env, err: () => {} })).toBe(2);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // three opens of an on-disk embedded database, each migrating it
});
