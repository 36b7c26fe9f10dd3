import { randomBytes } from 'node:crypto';
import type { Listing } from '@shared/api/listings';
import { publicKeyToAddress, secretKeyFromSeed, secretKeyToBase58 } from '@server/modules/vault';
import type { TestApp } from './app';
import { signIn, signInAsAdmin, type SignedInWallet } from './wallet';

/**
 * Data factories for API tests: real ed25519 keypairs, unique by construction (random seeds), created through the
 * real API so every rule (ownership proof, vault, audit) applies to test data too.
 */
export interface TestKeypair {
  address: string;
  secretKey: Uint8Array;
  /** Every accepted private-key form (docs/domain.md#key-vault), to feed the API and to search dumps for. */
  forms: {
    base58Secret: string;
    base58Seed: string;
    hexSeed: string;
    hexSecret: string;
    base64Secret: string;
    jsonArray: string;
  };
}

export function newKeypair(): TestKeypair {
  const seed = new Uint8Array(randomBytes(32));
  const secretKey = secretKeyFromSeed(seed);
  return {
    address: publicKeyToAddress(secretKey.subarray(32)),
    secretKey,
    forms: {
      base58Secret: secretKeyToBase58(secretKey),
      base58Seed: publicKeyToAddress(seed), // base58 of the 32 seed bytes
      hexSeed: Buffer.from(seed).toString('hex'),
      hexSecret: Buffer.from(secretKey).toString('hex'),
      base64Secret: Buffer.from(secretKey).toString('base64'),
      jsonArray: JSON.stringify([...secretKey]),
    },
  };
}

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
