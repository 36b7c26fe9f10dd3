import { priceInputSchema } from '@shared/api/listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { toast } from '@web/components/toast-store';
import { ConnectWalletButton, useWallet } from '@web/features/wallet';
import { isApiError } from '@web/lib/api-client';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { bidKeys } from '../api/bid-keys';
import { confirmBid } from '../api/confirm-bid';
import { placeBid } from '../api/place-bid';
import { useBidQuote } from '../api/quote-bid';
import { useWatchPattern } from '../api/watch-pattern';
import { BidForm, EMPTY_BID, patternOfInput, type BidInput } from '../components/bid-form';
import { expiresAtIn } from '../components/expiry-select';
import { MyBids } from '../components/my-bids';
import { MyWatches } from '../components/my-watches';
import { QuotePanel } from '../components/quote-panel';
import { usePayDeposit, type DepositTarget } from '../use-pay-deposit';

/** The price as the contract reads it, or why not (shown once the user has tried to bid). */
function priceProblem(maxPrice: string): string | undefined {
  const read = priceInputSchema.safeParse(maxPrice.trim());
  return read.success ? undefined : (read.error.issues[0]?.message ?? 'Enter a price in SOL');
}

/**
 * /bids: "Can't find it in stock? Bid on it." A pattern and the most you would pay; a live quote of what matches
 * now; then a deposit into the bid's own escrow, and the bid stands until a matching listing fills it.
 */
export function BidsPage() {
  const queryClient = useQueryClient();
  const { address, status } = useWallet();
  const connected = Boolean(address) && status === 'connected';
  const [input, setInput] = useState<BidInput>(EMPTY_BID);
  const [tried, setTried] = useState(false);
  // Memoised: a fresh object each render would restart the debounce timer forever.
  const typed = useMemo(() => patternOfInput(input), [input]);
  const pattern = useDebouncedValue(typed, 300);
  const quote = useBidQuote(pattern);
  const watch = useWatchPattern();

  const [sent, setSent] = useState<ReadonlySet<string>>(new Set());
  const pay = usePayDeposit({ confirm: confirmBid, listKey: bidKeys.mine() });
  const payDeposit = (target: DepositTarget) =>
    pay.mutate(target, {
      onSuccess: () => {
        setSent((ids) => new Set(ids).add(target.id));
        toast({ title: 'Deposit paid', description: 'Your bid stands once the shop sees it.', variant: 'success' });
      },
    });
  const place = useMutation({
    mutationFn: placeBid,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: bidKeys.mine() });
      toast({ title: 'Bid placed', description: 'Approve the deposit in your wallet.', variant: 'success' });
      if (created.payment) payDeposit({ id: created.id, payment: created.payment });
    },
    onError: (e) => toast({ title: 'Bid not placed', description: e.message, variant: 'error' }),
  });

  const priceError = tried ? priceProblem(input.maxPrice) : undefined;
  const patternReady = input.pattern.trim() !== '';
  const onPlace = () => {
    setTried(true);
    if (priceProblem(input.maxPrice)) return;
    place.mutate({
      ...patternOfInput(input),
      maxPrice: input.maxPrice.trim(),
      expiresAt: expiresAtIn(input.expiryDays),
      // The grinder takes prefixes and suffixes only; the box is hidden for "contains".
      grindIfMissing: input.grindIfMissing && input.position !== 'anywhere',
    });
  };
  const onWatch = () =>
    watch.mutate(patternOfInput(input), {
      onSuccess: () =>
        toast({
          title: 'Watching',
          description: 'The bell rings when a matching address is listed.',
          variant: 'success',
        }),
      onError: (e) => toast({ title: 'Not watched', description: e.message, variant: 'error' }),
    });

  const quoteError = quote.error ? (isApiError(quote.error) ? quote.error.message : 'No quote') : null;
  const stale = quote.isFetching || pattern.pattern !== input.pattern.trim();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <PageHeader
        title="Pattern Bids"
        subtitle="Not in stock? Bid on it. Name a pattern and the most you would pay; the first matching address listed at or below your price is bought for you."
      />
      <Card>
        <CardHeader>
          <CardTitle>Your bid</CardTitle>
          <CardDescription>
            What matches now updates as you type. The deposit waits in the bid&apos;s own escrow; whatever the fill does
            not use comes back.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <BidForm value={input} onChange={setInput} priceError={priceError} />
          {patternReady &&
            (quoteError && !quote.isFetching ? (
              <p role="alert" className="text-sm text-danger-400" data-testid="quote-error">
                {quoteError}
              </p>
            ) : quote.data ? (
              <div className={stale ? 'opacity-70' : undefined} aria-busy={stale || undefined}>
                <QuotePanel quote={quote.data} pattern={pattern} />
              </div>
            ) : null)}
          {connected ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button size="lg" disabled={!patternReady} loading={place.isPending || pay.isPending} onClick={onPlace}>
                Place bid
              </Button>
              <Button
                size="lg"
                variant="secondary"
                disabled={!patternReady}
                loading={watch.isPending}
                onClick={onWatch}
              >
                <Bell aria-hidden className="h-4 w-4" /> Watch this pattern
              </Button>
            </div>
          ) : (
            <ConnectWalletButton size="lg" variant="secondary" className="self-start">
              Connect Wallet to bid
            </ConnectWalletButton>
          )}
          <p className="text-xs text-vault-400">
            Watching costs nothing and buys nothing: the bell tells you when a matching address is listed.
          </p>
        </CardContent>
      </Card>
      {connected && (
        <>
          <MyBids payingId={pay.isPending ? (pay.variables?.id ?? null) : null} sentIds={sent} onPay={payDeposit} />
          <MyWatches />
        </>
      )}
    </div>
  );
}
