import { ErrorCode } from '@shared/api/errors';
import type { UpdateListingBody } from '@shared/api/listings';
import { PRICE_DECIMALS, parseSolToLamports, percentChange, usdColumnValue } from '@shared/money';
import { badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import type { Database, Tx } from '../../db/database';
import { priceHistory } from '../../db/schema';
import { recordAudit } from '../audit';
import { settlementRepository } from '../settlement';
import { vaultRepository } from '../vault';
import type { Actor } from '../../http/actor';
import { listingTypeColumns, promotionEnd, recordListingType, requestedListingType } from './listing-type';
import { listingStatusRepository } from './listing-status.repository';
import { listingsRepository, type ListingRow, type ListingUpdate } from './listings.repository';

const notFoundError = () => notFound(ErrorCode.LISTING_NOT_FOUND, 'Address not found');
const paymentLanded = (what: string) =>
  conflict(
    ErrorCode.PAYMENT_LANDED,
    `A buyer's payment for this listing has landed and is being settled: it cannot be ${what} until settlement ` +
      'decides (a few seconds)',
  );

/** The listing, locked for the rest of the transaction, if `actor` owns it and it is not deleted. */
async function lockOwned(tx: Tx, id: string, actor: Actor): Promise<ListingRow> {
  const row = await listingsRepository.findById(tx, id, { forUpdate: true });
  if (!row || row.status === 'deleted') throw notFoundError();
  if (row.sellerId !== actor.userId) {
    throw forbidden(ErrorCode.NOT_LISTING_OWNER, 'Only the seller of this listing can change it');
  }
  return row;
}

/**
 * A payment into the escrow of one of the listing's purchases has landed and settlement has not decided it
 * (docs/domain.md#settlement): the listing is being sold, so its seller may not unlist, reprice or delete it now. An
 * unpaid reservation is only a notice and holds nothing. The caller observes the escrows on chain first
 * (`observePayments`), so a payment nobody confirmed yet counts too.
 */
async function isBeingSold(tx: Tx, row: ListingRow): Promise<boolean> {
  return (await settlementRepository.undecidedReceiptsOfListing(tx, row.id)).length > 0;
}

/**
 * PATCH /api/addresses/{id}: price alone, the featured toggle, or the full edit form
 * (docs/product-spec.md#validation-rules, docs/product-spec.md#api-calls). Sold listings are final; a listing a
 * purchase holds cannot be repriced. Writes price_history on a price change and listing_promotions on a type change,
 * with an audit row, all in one transaction.
 */
export async function updateListing(
  database: Database,
  id: string,
  body: UpdateListingBody,
  actor: Actor,
  usdPerSol: number,
): Promise<void> {
  const keys = Object.keys(body).filter((k) => body[k as keyof UpdateListingBody] !== undefined);
  if (keys.length === 0) throw badRequest(ErrorCode.NOTHING_TO_UPDATE, 'Nothing to update: send at least one field');

  await database.db.transaction(async (tx) => {
    const row = await lockOwned(tx, id, actor);
    if (row.status === 'sold')
      throw conflict(ErrorCode.LISTING_SOLD, 'This listing is sold and can no longer be edited');

    const set: ListingUpdate = {};
    const previous = row.price;
    const next = body.price !== undefined ? parseSolToLamports(body.price, { maxDecimals: PRICE_DECIMALS }) : previous;
    const currency = body.currency ?? row.currency;
    const repriced = next !== previous || currency !== row.currency;
    if (repriced && (await isBeingSold(tx, row))) throw paymentLanded('repriced');
    if (body.isListed === false && row.isListed && (await isBeingSold(tx, row))) throw paymentLanded('unlisted');
    if (repriced) Object.assign(set, { price: next, currency });
    if (body.pattern !== undefined) set.pattern = body.pattern === '' ? null : body.pattern;
    if (body.category !== undefined) set.category = body.category;
    if (body.isListed !== undefined) set.isListed = body.isListed;
    if (body.isListed === true) set.unlistedReason = null; // listed again by its owner: the old reason is past

    const now = new Date();
    const type = requestedListingType(body);
    const currentType = row.featuredUntil && row.featuredUntil <= now ? 'standard' : row.promotionType;
    if (type !== undefined && type !== currentType) {
      const end = promotionEnd(now);
      Object.assign(set, listingTypeColumns(type, end));
      await recordListingType(tx, { addressId: row.id, type, start: now, end, userId: actor.userId });
    }

    if (Object.keys(set).length > 0) await listingsRepository.update(tx, row.id, set);
    if (repriced) {
      await tx.insert(priceHistory).values({
        addressId: row.id,
        price: next,
        currency,
        priceUsd: currency === 'SOL' ? usdColumnValue(next, usdPerSol) : null,
        changeType: 'price_change',
        previousPrice: row.price,
        changePercentage: percentChange(previous, next),
      });
    }
    await recordAudit(tx, {
      action: 'listing.update',
      performedBy: actor.wallet,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      metadata: {
        addressId: row.id,
        fields: keys,
        ...(repriced ? { previousPrice: row.price, price: set.price } : {}),
      },
    });
  });
}

/**
 * DELETE /api/addresses/{id}: soft delete (status 'deleted', unlisted; history kept) and the stored key is
 * destroyed. A sold listing's key belongs to its buyer, so sold listings cannot be deleted.
 */
export async function deleteListing(database: Database, id: string, actor: Actor): Promise<void> {
  await database.db.transaction(async (tx) => {
    const row = await lockOwned(tx, id, actor);
    if (row.status === 'sold')
      throw conflict(ErrorCode.LISTING_SOLD, 'This listing is sold: it belongs to its buyer now');
    if (await isBeingSold(tx, row)) throw paymentLanded('deleted');
    await listingStatusRepository.markDeleted(tx, row.id, new Date());
    await recordListingType(tx, {
      addressId: row.id,
      type: 'standard',
      start: new Date(),
      end: new Date(),
      userId: actor.userId,
    });
    const keyDestroyed = await vaultRepository.deleteByListingId(tx, row.id);
    await recordAudit(tx, {
      action: 'listing.delete',
      performedBy: actor.wallet,
      ip: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
      metadata: { addressId: row.id, address: row.address, keyDestroyed },
    });
  });
}
