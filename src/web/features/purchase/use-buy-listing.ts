import type { Listing } from '@shared/api/listings';
import { solStringToNumber } from '@shared/money';
import { useCallback, useRef } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@web/components/toast-store';
import { useWallet } from '@web/features/wallet';
import { ApiRequestError } from '@web/lib/api-client';
import { useInitiatePurchase } from './api/initiate-purchase';

// docs/product-spec.md#constants-and-limits: redirect to /profile 2 s after telling a visitor without a wallet.
const REDIRECT_MS = 2000;

export type BuyableListing = Pick<Listing, 'id' | 'price' | 'network'>;

/**
 * The buy flow (docs/product-spec.md#buy-flow): without a wallet, explain and send the visitor to the profile to
 * connect; with one, start a checkout (a purchase with its own escrow) and open the pay screen. `buying` is the id of the listing being reserved, if
 * any. One request at a time: a double click sends one initiate, and the server answers a repeat
 * (second tab, retry after a lost answer) with the purchase the buyer already holds, whose pay page this opens.
 */
export function useBuyListing() {
  const { address, status } = useWallet();
  const [, navigate] = useLocation();
  const initiate = useInitiatePurchase();
  // Set in the click itself: the mutation's pending state reaches the button only after a render, and a double
  // click's second event may come first.
  const inFlight = useRef(false);

  const buy = useCallback(
    (listing: BuyableListing) => {
      if (inFlight.current) return;
      if (!address || status !== 'connected') {
        toast({
          title: 'Wallet Required',
          description: 'Please connect your wallet to purchase this address. Redirecting to profile...',
          variant: 'error',
        });
        setTimeout(() => void navigate('/profile'), REDIRECT_MS);
        return;
      }
      // docs/product-spec.md#buy-flow: tell the buyer something is happening while the listing is reserved.
      toast({ title: 'Initiating transaction...', description: 'Creating transaction...' });
      inFlight.current = true;
      initiate.mutate(
        {
          addressId: listing.id,
          buyerId: address,
          price: solStringToNumber(listing.price),
          currency: listing.network === 'ethereum' ? 'ETH' : 'SOL',
          membershipTier: 'basic',
        },
        {
          onSettled: () => {
            inFlight.current = false;
          },
          onSuccess: ({ transactionId }) => {
            toast({
              title: 'Transaction Created!',
              description: 'Redirecting to transaction page to complete purchase...',
              variant: 'success',
            });
            void navigate(`/secure-transaction/${transactionId}`);
          },
          onError: (error) =>
            toast({ title: 'Purchase Failed', description: initiateFailure(error), variant: 'error' }),
        },
      );
    },
    [address, initiate, navigate, status],
  );

  return { buy, buying: initiate.isPending ? (initiate.variables?.addressId ?? null) : null };
}

/**
 * What went wrong and what to do next. The server's messages for the buyer's own limits (funds,
 * open reservations, cool-down, price) already say both; the two that did not get their next step here.
 */
function initiateFailure(error: Error): string {
  if (!(error instanceof ApiRequestError)) {
    return (
      'An error occurred while creating the transaction. Check your connection and press Buy again: if the first ' +
      'try went through, it opens that same purchase.'
    );
  }
  const message = error.message || 'Unable to create transaction';
  // A literal of the typed code union, not `ErrorCode.…`: the registry (1.2 KB gzipped) stays out of the first render of
  // every page with a Buy button (docs/decisions/0014-first-paint.md); the type still refuses a code that does not exist.
  if (error.code === 'LISTING_NOT_AVAILABLE') {
    // Checking out locks nothing (docs/domain.md#settlement): refused means sold or taken off sale, not reserved.
    return `${message}: it was bought or taken off sale just now.`;
  }
  return message;
}
