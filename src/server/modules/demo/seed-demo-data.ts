import { analyzeAddress } from '@server/rarity';
import type { Database, Db } from '../../db/database';
import { createListing } from '../listings';
import type { VaultCipher } from '../key-crypto';
import { secretKeyToBase58 } from '../key-crypto';
import { DEMO_GRIND_MS, DEMO_NATURAL_KEYS, DEMO_SALES, DEMO_TARGETS, DEMO_TYPE_SLOTS, demoPrice } from './demo-plan';
import { demoRepository } from './demo.repository';
import { grindKeys, type GroundKey } from './grind';

export interface DemoSeedDeps {
  /** The vault cipher the app uses (app.vault.cipher): the demo keys are stored like any seller's. */
  cipher: VaultCipher;
  /** Grind time budget; default DEMO_GRIND_MS. */
  grindMs?: number;
  now?: Date;
}

export interface DemoSeedResult {
  /** False when the shop already had listings: nothing was written. */
  seeded: boolean;
  listings: number;
  sold: number;
  adminWallet?: string;
}

const HOUR_MS = 3600 * 1000;

/**
 * Local demo data (DEMO_DATA, docs/domain.md#local-mode): on a database without any listing, a demo admin (a throwaway
 * wallet whose secret is never kept) lists a few dozen real vanity addresses ground at start-up, through the normal
 * create path (ownership proof, vault encryption, rarity); some featured, promoted or premium, some already sold to
 * demo buyers (transactions with isTestData) so the Home page has stats and recent transactions. Every demo listing
 * carries the search tag 'demo'.
 *
 * Everything is written in one transaction under an advisory lock, after re-checking that the shop is empty:
 * a crash leaves nothing half-seeded, and instances starting together seed once. Safe to call on every start.
 */
export async function seedDemoData(database: Database, deps: DemoSeedDeps): Promise<DemoSeedResult> {
  const skipped: DemoSeedResult = { seeded: false, listings: 0, sold: 0 };
  if (await demoRepository.hasListings(database.db)) return skipped;

  const keys = await grindKeys(DEMO_TARGETS, {
    budgetMs: deps.grindMs ?? DEMO_GRIND_MS,
    naturalWanted: DEMO_NATURAL_KEYS,
  });
  try {
    return await database.db.transaction(async (tx) => {
      await demoRepository.lock(tx);
      if (await demoRepository.hasListings(tx)) return skipped;
      return writeDemoShop({ ...database, db: tx as unknown as Db }, deps, rankByRarity(keys));
    });
  } finally {
    for (const key of keys) key.secretKey.fill(0);
  }
}

/** Rarest first, so the featured slots go to the best addresses. */
function rankByRarity(keys: GroundKey[]): GroundKey[] {
  const score = (k: GroundKey) =>
    analyzeAddress(k.address, { network: 'solana', pattern: k.target?.pattern }).rarityScore;
  return keys
    .map((k) => ({ k, s: score(k) }))
    .sort((a, b) => b.s - a.s)
    .map(({ k }) => k);
}

async function writeDemoShop(database: Database, deps: DemoSeedDeps, keys: GroundKey[]): Promise<DemoSeedResult> {
  const now = deps.now ?? new Date();
  const db = database.db;
  const admin = await demoRepository.createUser(db, true);
  const buyers = [await demoRepository.createUser(db, false), await demoRepository.createUser(db, false)];
  const actor = { userId: admin.id, wallet: admin.walletAddress, ip: null, userAgent: 'demo-seed' };

  const created: { id: string; type: string }[] = [];
  for (const [rank, key] of keys.entries()) {
    const listingType = DEMO_TYPE_SLOTS[rank] ?? 'standard';
    const { row } = await createListing(
      { database, cipher: deps.cipher },
      {
        address: key.address,
        network: 'solana',
        price: demoPrice(key.address, key.target?.pattern),
        currency: 'SOL',
        pattern: key.target?.pattern,
        isListed: true,
        listingType,
        privateKey: secretKeyToBase58(key.secretKey),
      },
      actor,
    );
    created.push({ id: row.id, type: listingType });
  }
  // Listed over the last few days, rarest newest: some carry the NEW badge (< 7 days), some do not.
  await demoRepository.markDemo(
    db,
    created.map((c) => c.id),
    (i) => new Date(now.getTime() - (2 + i * 7) * HOUR_MS),
  );

  // Sold: the cheapest standard listings, one sale every ~26 hours, newest first, after each was listed.
  const toSell = created.filter((c) => c.type === 'standard').slice(-DEMO_SALES);
  for (const [i, { id }] of toSell.entries()) {
    const [listing] = await demoRepository.listingsByIds(db, [id]);
    const at = new Date(now.getTime() - (1 + i * 26) * HOUR_MS);
    if (listing!.createdAt >= at) await demoRepository.setCreatedAt(db, id, new Date(at.getTime() - 24 * HOUR_MS));
    await demoRepository.recordSale(db, {
      listing: listing!,
      buyer: buyers[i % buyers.length]!,
      sellerWallet: admin.walletAddress,
      at,
    });
  }
  return { seeded: true, listings: created.length, sold: toSell.length, adminWallet: admin.walletAddress };
}
