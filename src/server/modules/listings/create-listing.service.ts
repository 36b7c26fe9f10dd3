import { ErrorCode } from '@shared/api/errors';
import { findLookalike, lookalikeReason } from '@shared/lookalike';
import { parseSolToLamports, PRICE_DECIMALS } from '@shared/money';
import { isSolanaAddress } from '@shared/keys/base58';
import type { Currency, Network, PromotionType } from '@shared/domain-values';
import type { SafetyCheck } from '@shared/api/trust';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict } from '../../http/app-error';
import type { Database } from '../../db/database';
import { recordAudit } from '../audit';
import { vaultRepository } from '../vault';
import { type VaultCipher } from '../key-crypto';
import { listingRecord } from './listing-record';
import { listingTypeColumns, promotionEnd, recordListingType } from './listing-type';
import { listingsRepository, type ListingRow } from './listings.repository';
import { loadKnownAddresses } from './known-addresses.repository';
import type { SafetyCheckFn } from './route-context';
import { sealListing } from './seal-listing';
import { activeValueMultiplier } from './valuation.repository';

export interface CreateListingInput {
  address: string;
  network: Network;
  price: string | number;
  currency: Currency;
  pattern?: string | undefined;
  isListed: boolean;
  listingType: PromotionType;
  privateKey: string;
}

export const invalidAddress = () =>
  badRequest(ErrorCode.INVALID_ADDRESS, 'The address is not a valid Solana address (base58 text of 32 bytes)');
export const listingExists = () => conflict(ErrorCode.LISTING_EXISTS, 'This address is already listed');

/**
 * Creates one listing owned by `actor` (docs/domain.md#key-vault, docs/domain.md#rarity-and-value,
 * docs/domain.md#look-alike-protection): valid Solana address, not listed yet, the key proves
 * ownership, not a look-alike of a well-known address; rarity and value are computed here; the listing and its
 * encrypted key are written in one transaction with an audit row. The key never leaves this function in clear.
 * Returns the row and the safety checks that warned (a used address is listed, with its warning).
 */
export async function createListing(
  deps: { database: Database; cipher: VaultCipher; safetyCheck?: SafetyCheckFn | undefined },
  input: CreateListingInput,
  actor: Actor,
): Promise<{ row: ListingRow; safetyWarnings: SafetyCheck[] }> {
  const { db } = deps.database;
  if (input.network !== 'solana') {
    throw badRequest(ErrorCode.UNSUPPORTED_NETWORK, 'Only Solana addresses can be listed: payments are in SOL');
  }
  const address = input.address.trim();
  if (!isSolanaAddress(address)) throw invalidAddress();
  const priceLamports = parseSolToLamports(input.price, { maxDecimals: PRICE_DECIMALS });
  if ((await listingsRepository.existingAddresses(db, [address])).size > 0) throw listingExists();

  const multiplier = await activeValueMultiplier(db, 'solana');
  const sealed = sealListing(
    deps.cipher,
    { address, privateKey: input.privateKey, pattern: input.pattern },
    multiplier,
  );
  if (!sealed.ok) throw badRequest(ErrorCode.OWNERSHIP_VERIFICATION_FAILED, sealed.reason);

  const lookalike = findLookalike(address, await loadKnownAddresses(db));
  if (lookalike) throw badRequest(ErrorCode.LOOKALIKE_ADDRESS, lookalikeReason(lookalike));
  const safetyWarnings = await refuseUnsafe(deps.safetyCheck, address);

  const now = new Date();
  const end = promotionEnd(now);
  const record = {
    ...listingRecord({
      address,
      sellerId: actor.userId,
      priceLamports,
      currency: input.currency,
      isListed: input.isListed,
      report: sealed.report,
    }),
    ...listingTypeColumns(input.listingType, end),
  };

  const id = await db.transaction(async (tx) => {
    const [inserted] = await listingsRepository.insertMany(tx, [record]);
    // Lost a race with another create of the same address: the unique index decided.
    if (!inserted) throw listingExists();
    await vaultRepository.insertMany(tx, [{ addressId: inserted.id, ...sealed.encrypted }]);
    if (input.listingType !== 'standard') {
      await recordListingType(tx, {
        addressId: inserted.id,
        type: input.listingType,
        start: now,
        end,
        userId: actor.userId,
      });
    }
    await recordAudit(tx, {
      action: 'listing.create',
      performedBy: actor.wallet,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      metadata: { addressId: inserted.id, address, price: record.price, listingType: input.listingType },
    });
    return inserted.id;
  });
  const row = await listingsRepository.findById(db, id);
  if (!row) throw new AppError(500, ErrorCode.INTERNAL_ERROR, 'The new listing could not be read back');
  return { row, safetyWarnings };
}

/**
 * docs/domain.md#account-safety-checks: an address someone has booby-trapped on chain is refused at create, with the reason. Returns the
 * checks that only warned.
 */
async function refuseUnsafe(safetyCheck: SafetyCheckFn | undefined, address: string): Promise<SafetyCheck[]> {
  if (!safetyCheck) return [];
  const { checks } = await safetyCheck(address);
  const failed = checks.filter((c) => c.status === 'fail');
  if (failed.length === 0) return checks.filter((c) => c.status === 'warn');
  throw badRequest(
    ErrorCode.UNSAFE_ACCOUNT,
    `This address failed the account-safety checks: ${failed.map((c) => `${c.name}: ${c.detail}`).join('; ')}`,
  );
}
