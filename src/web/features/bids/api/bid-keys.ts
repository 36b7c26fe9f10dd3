/** The query keys of bids, offers and watches: every mutation invalidates by one of these lists. */
export const bidKeys = {
  all: ['bids'] as const,
  mine: () => [...bidKeys.all, 'mine'] as const,
  quote: (pattern: string, position: string, caseSensitive: boolean) =>
    [...bidKeys.all, 'quote', pattern, position, caseSensitive] as const,
};

export const offerKeys = {
  all: ['offers'] as const,
  mine: () => [...offerKeys.all, 'mine'] as const,
  received: () => [...offerKeys.all, 'received'] as const,
  best: (addressId: string) => [...offerKeys.all, 'best', addressId] as const,
};

export const watchKeys = { mine: () => ['watches', 'mine'] as const };
