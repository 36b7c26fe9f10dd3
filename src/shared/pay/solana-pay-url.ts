/**
 * The Solana Pay transaction-request URL of a purchase (docs/domain.md#solana-pay-and-actions): `solana:<link>`. The
 * spec says the link is URL-encoded only when it carries query parameters (so its own `?` cannot be read as the Solana
 * Pay URL's); our link has none, so it is written as is. Browser- and server-safe.
 */
export function transactionRequestLink(origin: string, transactionId: string): string {
  return `${origin.replace(/\/$/, '')}/api/pay/${encodeURIComponent(transactionId)}`;
}

export function transactionRequestUrl(origin: string, transactionId: string): string {
  const link = transactionRequestLink(origin, transactionId);
  return `solana:${link.includes('?') ? encodeURIComponent(link) : link}`;
}

/** The Actions URL of a listing as blink clients take it: `solana-action:<action API URL>`. */
export function actionApiUrl(origin: string, address: string): string {
  return `${origin.replace(/\/$/, '')}/api/actions/listings/${encodeURIComponent(address)}`;
}
