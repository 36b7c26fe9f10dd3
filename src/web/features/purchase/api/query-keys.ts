import type { QueryClient } from '@tanstack/react-query';

/**
 * Cache keys of purchase data. The list keys start with 'transactions' so one prefix invalidation refreshes
 * them all (docs/product-spec.md#api-calls last line: transactions, recent transactions).
 */
export const purchaseKeys = {
  all: ['transactions'] as const,
  detail: (idOrHash: string) => ['transactions', 'detail', idOrHash] as const,
  /** The payment instructions from the initiate answer, kept so the pay screen needs no second request. */
  payment: (id: string) => ['transactions', 'payment', id] as const,
  purchases: (wallet: string) => ['transactions', 'purchases', wallet] as const,
  user: (wallet: string) => ['transactions', 'user', wallet] as const,
};

/**
 * docs/product-spec.md#api-calls: after a change, refresh addresses (search, user, featured), market stats and
 * transactions.
 */
export function invalidateTradeCaches(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['addresses'] }),
    queryClient.invalidateQueries({ queryKey: ['market-stats'] }),
    queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  ]);
}
