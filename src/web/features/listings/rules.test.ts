import { describe, expect, it } from 'vitest';
import {
  buyState,
  cardBadges,
  categoryLabel,
  displayUsd,
  isCheckingOut,
  isOwnListing,
  isReserved,
  patternOf,
  tierBadge,
} from './rules';

const DAY = 24 * 3600 * 1000;
const now = Date.parse('2025-01-10T00:00:00Z');

describe('tiers', () => {
  it('one scale everywhere: the spec card labels, ≥9 ELITE … below 4 BASIC', () => {
    expect([9, 8.9, 8, 7, 6, 4, 3.9, 0].map((s) => tierBadge(s).label)).toEqual([
      'ELITE',
      'RARE',
      'RARE',
      'UNCOMMON',
      'NOTABLE',
      'COMMON',
      'BASIC',
      'BASIC',
    ]);
  });
  it('the table scale of its own (EPIC, HIGH, PLUS, BASE) is gone', () => {
    const labels = Array.from({ length: 101 }, (_, i) => tierBadge(i / 10).label);
    for (const gone of ['EPIC', 'HIGH', 'PLUS', 'BASE']) expect(labels).not.toContain(gone);
  });
});

describe('cardBadges', () => {
  it('SOLD, NEW within 7 days, HOT from 8.5, AVAILABLE', () => {
    const fresh = new Date(now - 2 * DAY).toISOString();
    expect(cardBadges({ status: 'available', createdAt: fresh, rarityScore: 8.5 }, now)).toEqual([
      'NEW',
      'HOT',
      'AVAILABLE',
    ]);
    expect(
      cardBadges({ status: 'sold', createdAt: new Date(now - 8 * DAY).toISOString(), rarityScore: 8.4 }, now),
    ).toEqual(['SOLD']);
    // Someone checking out is a notice, not a reservation (docs/domain.md#settlement).
    expect(
      cardBadges({ status: 'pending', createdAt: new Date(now - 7 * DAY).toISOString(), rarityScore: 1 }, now),
    ).toEqual(['NEW', 'CHECKOUT']);
    // Ground to order for someone: reserved, not available, even while its requester checks out.
    const old = '2000-01-01T00:00:00Z';
    expect(cardBadges({ status: 'available', createdAt: old, rarityScore: 1, reservedUntil: 'x' }, now)).toEqual([
      'RESERVED',
    ]);
    expect(cardBadges({ status: 'pending', createdAt: old, rarityScore: 1, reservedUntil: 'x' }, now)).toEqual([
      'RESERVED',
    ]);
  });
});

describe('isReserved and isCheckingOut', () => {
  it('only a custom order holds a listing; an open checkout is a notice', () => {
    expect(isReserved({ status: 'pending' })).toBe(false);
    expect(isReserved({ status: 'pending', reservedUntil: null })).toBe(false);
    expect(isReserved({ status: 'available', reservedUntil: '2026-01-02T00:00:00.000Z' })).toBe(true);
    expect(isReserved({ status: 'sold', reservedUntil: '2026-01-02T00:00:00.000Z' })).toBe(false);
    expect(isCheckingOut({ status: 'pending' })).toBe(true);
    expect(isCheckingOut({ status: 'available' })).toBe(false);
  });
});

describe('isOwnListing', () => {
  it('is the signed-in wallet selling it; nobody owns anything without a session', () => {
    const listing = { sellerWallet: 'Seller1111111111111111111111111111111111111' };
    expect(isOwnListing(listing, listing.sellerWallet)).toBe(true);
    expect(isOwnListing(listing, 'Other11111111111111111111111111111111111111')).toBe(false);
    expect(isOwnListing(listing, null)).toBe(false);
  });
});

describe('buyState', () => {
  it('buys what is for sale and listed, someone else checking out included', () => {
    expect(buyState({ status: 'available', isListed: true })).toEqual({ canBuy: true, label: 'Buy' });
    expect(buyState({ status: 'pending', isListed: true })).toEqual({ canBuy: true, label: 'Buy' });
    expect(buyState({ status: 'available', isListed: false }).label).toBe('Not Listed');
    expect(buyState({ status: 'pending', isListed: false }).label).toBe('Not Listed');
    expect(buyState({ status: 'sold', isListed: true }).label).toBe('Sold');
    expect(buyState({ status: 'deleted', isListed: true }).label).toBe('Deleted');
    expect(buyState({ status: 'weird', isListed: false }).label).toBe('Unavailable');
    expect(buyState({ status: 'pending', isListed: true }, true)).toEqual({ canBuy: false, label: 'Your Listing' });
    // Ground to order: reserved for everyone but its requester.
    const reserved = { status: 'available', isListed: true, reservedUntil: '2026-01-02T00:00:00.000Z' };
    expect(buyState(reserved)).toEqual({ canBuy: false, label: 'Reserved' });
    expect(buyState(reserved, false, true)).toEqual({ canBuy: true, label: 'Buy' });
    expect(buyState({ ...reserved, reservedUntil: null })).toEqual({ canBuy: true, label: 'Buy' });
    // Its requester checking out does not open it to anyone else.
    expect(buyState({ ...reserved, status: 'pending' })).toEqual({ canBuy: false, label: 'Reserved' });
  });
});

describe('display helpers', () => {
  it('USD falls back to 197 per SOL', () => {
    expect(displayUsd({ price: '2', formattedUsd: '$400.00' })).toBe('$400.00');
    expect(displayUsd({ price: '2', formattedUsd: '' })).toBe('$394.00');
  });
  it('category and pattern', () => {
    expect(categoryLabel('leading-zeros')).toBe('leading zeros');
    expect(patternOf('custom')).toBeNull();
    expect(patternOf('abc')).toBe('abc');
  });
});
