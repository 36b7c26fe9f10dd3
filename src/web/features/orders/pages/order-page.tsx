import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@web/components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { toast } from '@web/components/toast-store';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useWallet } from '@web/features/wallet';
import { isApiError } from '@web/lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '../api/get-my-orders';
import { useOrder } from '../api/get-order';
import { usePlaceOrder } from '../api/place-order';
import { useQuote } from '../api/quote-order';
import { OrderProgress } from '../components/order-progress';
import { PatternForm, toBody, type PatternInput } from '../components/pattern-form';
import { QuoteFacts } from '../components/quote-facts';

/** Orders the page keeps showing: still being ground, or found and waiting to be bought. */
const SHOWN = new Set(['queued', 'grinding', 'found']);

/** /order: "Can't find it? Order it." A live quote as the user types, then the order's progress. */
export function OrderPage() {
  const [params] = useSearchParams();
  const [input, setInput] = useState<PatternInput>({
    pattern: (params.get('pattern') ?? '').slice(0, 16),
    position: params.get('position') === 'suffix' ? 'suffix' : 'prefix',
    caseSensitive: true,
  });
  const body = useDebouncedValue(toBody(input), 250);
  const quote = useQuote(body);
  const { address, status, connect } = useWallet();
  const connected = Boolean(address) && status === 'connected';
  const mine = useMyOrders(connected);
  const [placedId, setPlacedId] = useState<string | null>(null);
  // Else the newest order, if bought (its final state, with the way to its key, closes the story) or closed with a
  // reason the requester should read.
  const newest = mine.data?.orders[0];
  const current =
    placedId ??
    mine.data?.orders.find((o) => SHOWN.has(o.status))?.id ??
    (newest?.status === 'purchased' || newest?.closedReason ? newest.id : null);
  const order = useOrder(current);
  const place = usePlaceOrder();
  const cancel = useCancelOrder();
  const busy = order.data && (order.data.status === 'queued' || order.data.status === 'grinding');

  const onPlace = () =>
    place.mutate(toBody(input), {
      onSuccess: (o) => {
        setPlacedId(o.id);
        toast({ title: 'Order placed', description: 'The shop is grinding your address.', variant: 'success' });
      },
      onError: (e) => toast({ title: 'Order not placed', description: e.message, variant: 'error' }),
    });

  const quoteError = quote.error && isApiError(quote.error) ? quote.error.message : quote.error ? 'No quote' : null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Order a Custom Address"
        subtitle="Can't find it? Order it. The shop grinds your pattern and seals the key in the vault the moment it is found: nobody else ever sees it."
      />
      <Card>
        <CardHeader>
          <CardTitle>Your pattern</CardTitle>
          <CardDescription>The quote updates as you type.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <PatternForm value={input} onChange={setInput} />
          {input.pattern.trim() === '' ? null : quoteError && !quote.isFetching ? (
            <p role="alert" className="text-sm text-danger-400" data-testid="quote-error">
              {quoteError}
            </p>
          ) : quote.data ? (
            <div className={quote.isFetching || quote.data.pattern !== body.pattern ? 'opacity-70' : undefined}>
              <QuoteFacts quote={quote.data} />
            </div>
          ) : null}
          {connected ? (
            <Button
              size="lg"
              className="self-start"
              disabled={!quote.data || Boolean(quoteError) || Boolean(busy) || quote.data.pattern !== body.pattern}
              loading={place.isPending}
              onClick={onPlace}
            >
              Place order{quote.data && !quoteError ? ` · ${quote.data.price} SOL` : ''}
            </Button>
          ) : (
            <Button
              size="lg"
              variant="secondary"
              className="self-start"
              loading={status === 'connecting'}
              onClick={() => void connect()}
            >
              Connect Wallet to order
            </Button>
          )}
          {busy && <p className="text-sm text-vault-400">One order at a time: this one is being ground.</p>}
        </CardContent>
      </Card>
      {order.data && (
        <Card>
          <CardHeader>
            <CardTitle>Your order</CardTitle>
          </CardHeader>
          <CardContent>
            <OrderProgress
              order={order.data}
              cancelling={cancel.isPending}
              onCancel={() =>
                cancel.mutate(order.data.id, {
                  onError: (e) => toast({ title: 'Not cancelled', description: e.message, variant: 'error' }),
                })
              }
            />
          </CardContent>
        </Card>
      )}
    </div>
  );
}
