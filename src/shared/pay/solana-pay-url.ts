/**
 * The Solana Pay transaction-request URL of a purchase (docs/domain.md#solana-pay-and-actions): `solana:<link>`. The
 * spec says the link is URL-encoded only when it carries query parameters (so its own `?` cannot be read as the Solana
 * Pay URL's); our link has none, so it is written as is. Browser- and server-safe.
 */
export function transactionRequestLink(origin: string, transactionId: string): string {
  return `${origin.replace(/\/$/, '')}/api/pay/${encodeURIComponent(transactionId)}`;
}

const solanaPayUrl = (link: string) => `solana:${link.includes('?') ? encodeURIComponent(link) : link}`;

export function transactionRequestUrl(origin: string, transactionId: string): string {
  return solanaPayUrl(transactionRequestLink(origin, transactionId));
}

/** The transaction request that pays a bid's or an offer's deposit into its escrow (`/api/pay/bids/{id}`). */
export function depositRequestUrl(origin: string, bidId: string): string {
  return solanaPayUrl(`${origin.replace(/\/$/, '')}/api/pay/bids/${encodeURIComponent(bidId)}`);
}

/** The Actions URL of a listing as blink clients take it: `solana-action:<action API URL>`. */
export function actionApiUrl(origin: string, address: string): string {
  return `${origin.replace(/\/$/, '')}/api/actions/listings/${encodeURIComponent(address)}`;
}
