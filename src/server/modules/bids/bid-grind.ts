import { parseSolToLamports } from '@shared/money';
import type { OrdersRuntime } from '../orders';
import type { PurchaseDeps } from '../purchases';
import { notify } from '../alerts';
import { describePattern } from './bid-text';
import { bidsRepository, type BidRow } from './bids.repository';

/**
 * "Grind it if nothing is listed" (from the grinder): a funded prefix or suffix bid with no matching stock
 * gets a wallet-lane custom order, placed for the bidder and paid from the bid's escrow (the order is `for_bid`, so
 * no wallet balance is asked for). Only when the shop's quote is at most the bid's price. When the grinder finds the
 * key, it is listed, reserved for the bidder, and sold to the bid at once (the orders plugin's `onFound`).
 */
export async function grindForBid(
  deps: Pick<PurchaseDeps, 'db'>,
  orders: Pick<OrdersRuntime, 'quote' | 'placeForBid'>,
  bid: BidRow,
): Promise<void> {
  if (bid.kind !== 'pattern' || bid.position === 'anywhere' || bid.orderId !== null) return;
  const body = {
    pattern: bid.pattern!,
    position: bid.position!,
    caseSensitive: bid.caseSensitive!,
    lane: 'wallet' as const,
  };
  const quote = orders.quote(body);
  if (parseSolToLamports(quote.price) > bid.maxPriceLamports) {
    await notify(deps.db, [
      {
        wallet: bid.bidderWallet,
        kind: 'bid-funded',
        message: `Your bid on ${describePattern(bid)} is open. Grinding one would cost ${quote.price} SOL, above your bid, so the shop waits for a listing.`,
        data: { bidId: bid.id },
      },
    ]);
    return;
  }
  const order = await orders.placeForBid({ userId: bid.bidderId, walletAddress: bid.bidderWallet }, body);
  await bidsRepository.update(deps.db, bid.id, 'open', { orderId: order.id });
}
