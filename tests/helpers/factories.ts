import type { Listing } from '@shared/api/listings';
import type { TestApp } from './app';
import { newKeypair, type TestKeypair } from './keypair';
import { signIn, signInAsAdmin, type SignedInWallet } from './wallet';

/**
 * Data factories for API tests: real ed25519 keypairs (keypair.ts), unique by construction (random seeds), created
 * through the real API so every rule (ownership proof, vault, audit) applies to test data too.
 */

export const createAdmin = (t: TestApp): Promise<SignedInWallet> => signInAsAdmin(t.app);
export const createUser = (t: TestApp): Promise<SignedInWallet> => signIn(t.app);

export interface ListingOverrides {
  seller?: SignedInWallet;
  keypair?: TestKeypair;
  price?: string | number;
  pattern?: string;
  promotionType?: 'standard' | 'featured' | 'promoted';
  isListed?: boolean;
}

export interface CreatedListing {
  listing: Listing;
  keypair: TestKeypair;
  seller: SignedInWallet;
}

/** POST /api/addresses with a fresh keypair (or `keypair`) by a fresh admin (or `seller`); throws unless 201. */
export async function createListing(t: TestApp, overrides: ListingOverrides = {}): Promise<CreatedListing> {
  const seller = overrides.seller ?? (await createAdmin(t));
  const keypair = overrides.keypair ?? newKeypair();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/addresses',
    headers: { cookie: seller.cookie },
    payload: {
      address: keypair.address,
      price: overrides.price ?? '1.5',
      privateKey: keypair.forms.base58Secret,
      ...(overrides.pattern !== undefined ? { pattern: overrides.pattern } : {}),
      ...(overrides.promotionType ? { promotionType: overrides.promotionType } : {}),
      ...(overrides.isListed !== undefined ? { isListed: overrides.isListed } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`createListing failed: ${res.statusCode} ${res.body}`);
  return { listing: res.json(), keypair, seller };
}

/** The `users` row of a signed-in wallet, for tests that insert rows the API would not (many listings, a purchase). */
export async function userIdOf(t: TestApp, wallet: { walletAddress: string }): Promise<string> {
  const [row] = await t.database.query<{ id: string }>('select id from users where wallet_address = $1', [
    wallet.walletAddress,
  ]);
  if (!row) throw new Error(`no user row for ${wallet.walletAddress}`);
  return row.id;
}

/** Row counts of the tables a listing call may touch, to assert that a refused call changed nothing. */
const COUNTED = [
  'addresses',
  'encrypted_keys',
  'price_history',
  'listing_promotions',
  'known_addresses',
  'listing_audit',
] as const;
export type TableCounts = Record<(typeof COUNTED)[number], number>;

export async function listingTableCounts(t: TestApp): Promise<TableCounts> {
  const tables = COUNTED.filter((n) => n !== 'listing_audit');
  const out = {} as TableCounts;
  for (const table of tables) {
    const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    out[table] = row?.n ?? 0;
  }
  const [audit] = await t.database.query<{ n: number }>(
    "select count(*)::int as n from transaction_audit where action like 'listing.%' or action like 'known_address.%'",
  );
  out.listing_audit = audit?.n ?? 0;
  return out;
}
