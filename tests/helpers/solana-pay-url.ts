/**
 * A Solana Pay URL parser written from the spec (github.com/solana-foundation/solana-pay, SPEC.md), for tests:
 * the official @solana/pay package pins an older @solana/kit as a peer and does not install beside ours.
 *
 * - `solana:<recipient>?amount=…` is a transfer request; `solana:<link>` is a transaction request.
 * - The link "must be a conditionally URL-encoded absolute HTTPS URL": encoded when it has query parameters.
 * - `label` and `message` are optional query parameters of the Solana Pay URL itself.
 */
export type ParsedSolanaPayUrl =
  | { kind: 'transaction-request'; link: URL; label?: string; message?: string }
  | { kind: 'transfer-request'; recipient: string };

export class SolanaPayUrlError extends Error {}

export function parseSolanaPayUrl(input: string): ParsedSolanaPayUrl {
  if (input.length > 2048) throw new SolanaPayUrlError('length invalid');
  const url = new URL(input);
  if (url.protocol !== 'solana:') throw new SolanaPayUrlError('protocol invalid');
  if (!url.pathname) throw new SolanaPayUrlError('pathname missing');
  // A recipient is base58 (no ':' or '%'); a link always has its scheme's ':' (or its encoding).
  if (!/[:%]/.test(url.pathname)) return { kind: 'transfer-request', recipient: url.pathname };
  const link = new URL(decodeURIComponent(url.pathname));
  if (link.protocol !== 'https:') throw new SolanaPayUrlError('link invalid: must be https');
  const label = url.searchParams.get('label') ?? undefined;
  const message = url.searchParams.get('message') ?? undefined;
  return { kind: 'transaction-request', link, ...(label ? { label } : {}), ...(message ? { message } : {}) };
}
