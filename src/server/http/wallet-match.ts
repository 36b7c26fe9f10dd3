import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@shared/api/errors';
import { forbidden } from './app-error';

export const WALLET_HEADER = 'x-wallet-address';
/** Parameters (query, body, path) that name the acting wallet wherever the spec sends them. */
export const WALLET_FIELDS = ['walletAddress', 'buyerId', 'buyerWallet', 'wallet'] as const;

/** Every wallet the request claims to act as: the header and the named fields of query, params and body. */
export function claimedWallets(request: FastifyRequest, extraFields: readonly string[] = []): unknown[] {
  const claims: unknown[] = [];
  const header = request.headers[WALLET_HEADER];
  if (header !== undefined) claims.push(...(Array.isArray(header) ? header : [header]));
  const fields = [...WALLET_FIELDS, ...extraFields];
  for (const source of [request.query, request.params, request.body]) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const field of fields) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== undefined && value !== null) claims.push(value);
    }
  }
  return claims;
}

/**
 * docs/domain.md#sign-in-sessions-and-roles: the x-wallet-address header proves nothing, so any wallet a request names
 * must be the session's own. Routes then act as the session wallet; the named one is only ever checked, never trusted.
 */
export function checkWalletMatch(
  request: FastifyRequest,
  sessionWallet: string,
  extraFields?: readonly string[],
): void {
  for (const claim of claimedWallets(request, extraFields)) {
    const value = typeof claim === 'string' ? claim.trim() : claim;
    if (value !== sessionWallet) {
      throw forbidden(
        ErrorCode.WALLET_MISMATCH,
        'The wallet in this request is not the wallet you signed in with. Sign in with this wallet first.',
      );
    }
  }
}
