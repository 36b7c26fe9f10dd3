import type { OrderPlaceBody } from '@shared/api/orders';
import { ORDER_LANES, type OrderLane } from '@shared/domain-values';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { toast } from '@web/components/toast-store';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { ConnectWalletButton, useWallet } from '@web/features/wallet';
import { isApiError } from '@web/lib/api-client';
import { useMyOrders } from '../api/get-my-orders';
import { useOrder } from '../api/get-order';
import { usePlaceOrder } from '../api/place-order';
import { useQuote } from '../api/quote-order';
import { FinishLaterOffer } from '../components/finish-later-offer';
import { OrderCard } from '../components/order-card';
import { OwnerPicker, ownerAddress, type OwnerChoice } from '../components/owner-picker';
import { PatternForm, toBody, type PatternInput } from '../components/pattern-form';
import { QuoteFacts } from '../components/quote-facts';
import { LaneExplanation } from '../lanes/lane-explanation';
import { LanePicker } from '../lanes/lane-picker';
import { newSplitKeySecret, rememberSecret, type SplitKeySecret } from '../split-key-secret';

/** Orders the page keeps showing: awaiting their deposit, being ground, or found and waiting to be bought. */
const SHOWN = new Set(['awaiting-payment', 'queued', 'grinding', 'found']);
/** Final states whose story the newest order still tells: bought, delivered (with the mint to create), refunded. */
const TOLD = new Set(['purchased', 'delivered', 'refunded']);
const BUSY = new Set(['awaiting-payment', 'queued', 'grinding']);

const laneOf = (text: string | null): OrderLane =>
  ORDER_LANES.includes(text as OrderLane) ? (text as OrderLane) : 'wallet';

/** /order: "Can't find it? Order it." What the address is for, a live quote per lane, then the order's progress. */
export function OrderPage() {
  const [params] = useSearchParams();
  const [lane, setLane] = useState<OrderLane>(() => laneOf(params.get('lane')));
  const [input, setInput] = useState<PatternInput>({
    pattern: (params.get('pattern') ?? '').slice(0, 16),
    position: params.get('position') === 'suffix' ? 'suffix' : 'prefix',
    caseSensitive: true,
  });
  const [owner, setOwner] = useState<OwnerChoice>({ kind: 'spl' });
  // The split key's secret a for the next order: made in this page, kept in its memory only (see split-key-secret).
  const [secret, setSecret] = useState<SplitKeySecret | null>(() =>
    lane === 'split-key' ? newSplitKeySecret() : null,
  );
  const [downloaded, setDownloaded] = useState(false);
  const body = useDebouncedValue({ ...toBody(input), lane }, 250);
  const quote = useQuote(body);
  const { address, status } = useWallet();
  const connected = Boolean(address) && status === 'connected';
  const mine = useMyOrders(connected);
  const [placedId, setPlacedId] = useState<string | null>(null);
  // Else the newest order, if its story has an ending to read (bought, delivered, refunded) or a closing reason.
  const newest = mine.data?.orders[0];
  const current =
    placedId ??
    mine.data?.orders.find((o) => SHOWN.has(o.status))?.id ??
    (newest && (TOLD.has(newest.status) || newest.closedReason) ? newest.id : null);
  const order = useOrder(current);
  const place = usePlaceOrder();
  const busy = order.data && BUSY.has(order.data.status);
  const owned = lane === 'seed-derived' ? ownerAddress(owner) : null;

  const chooseLane = (next: OrderLane) => {
    setLane(next);
    if (next === 'split-key' && !secret) setSecret(newSplitKeySecret());
  };

  const placeBody = (): OrderPlaceBody | null => {
    if (lane === 'split-key') return secret ? { ...toBody(input), lane, basePoint: secret.basePoint } : null;
    if (lane === 'seed-derived') return owned ? { ...toBody(input), lane, owner: owned } : null;
    return { ...toBody(input), lane };
  };
  const onPlace = () => {
    const placing = placeBody();
    if (!placing) return;
    place.mutate(placing, {
      onSuccess: (o) => {
        if (lane === 'split-key' && secret) {
          rememberSecret(o.id, secret);
          setSecret(newSplitKeySecret()); // a base point is never ground twice: the next order gets its own
          setDownloaded(false);
        }
        setPlacedId(o.id);
        toast({
          title: 'Order placed',
          description:
            o.status === 'awaiting-payment'
              ? 'Pay into its escrow to start the grind.'
              : 'The shop is grinding your address.',
          variant: 'success',
        });
      },
      onError: (e) => toast({ title: 'Order not placed', description: e.message, variant: 'error' }),
    });
  };

  const quoteError = quote.error && isApiError(quote.error) ? quote.error.message : quote.error ? 'No quote' : null;
  const quoteStale = !quote.data || quote.data.pattern !== body.pattern || quote.data.lane !== lane;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Order a Custom Address"
        subtitle="Can't find it? Order it. Tell us what the address is for: a wallet, a token mint or program whose key nobody else ever holds, or an account with no key at all."
      />
      <Card>
        <CardHeader>
          <CardTitle>What it is for</CardTitle>
          <CardDescription>
            Each kind is made differently, priced at its own grind rate, and does different things.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <LanePicker value={lane} onChange={chooseLane} />
          <LaneExplanation lane={lane} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your pattern</CardTitle>
          <CardDescription>The quote updates as you type.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <PatternForm value={input} onChange={setInput} />
          {lane === 'seed-derived' && <OwnerPicker value={owner} onChange={setOwner} />}
          {input.pattern.trim() === '' ? null : quoteError && !quote.isFetching ? (
            <p role="alert" className="text-sm text-danger-400" data-testid="quote-error">
              {quoteError}
            </p>
          ) : quote.data ? (
            <div className={quote.isFetching || quoteStale ? 'opacity-70' : undefined}>
              <QuoteFacts quote={quote.data} />
            </div>
          ) : null}
          {lane === 'split-key' && secret && (
            <FinishLaterOffer secret={secret} downloaded={downloaded} onDownloaded={() => setDownloaded(true)} />
          )}
          {connected ? (
            <Button
              size="lg"
              className="self-start"
              disabled={!quote.data || Boolean(quoteError) || Boolean(busy) || quoteStale || !placeBody()}
              loading={place.isPending}
              onClick={onPlace}
            >
              Place order{quote.data && !quoteError ? ` · ${quote.data.price} SOL` : ''}
            </Button>
          ) : (
            <ConnectWalletButton size="lg" variant="secondary" className="self-start">
              Connect Wallet to order
            </ConnectWalletButton>
          )}
          {busy && (
            <p className="text-sm text-vault-400">
              {order.data?.status === 'awaiting-payment'
                ? 'One order at a time: pay or cancel the one below first.'
                : 'One order at a time: this one is being ground.'}
            </p>
          )}
        </CardContent>
      </Card>
      {order.data && <OrderCard order={order.data} />}
    </div>
  );
}
