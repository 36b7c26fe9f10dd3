import type { Order } from '@shared/api/orders';
import { useMemo, useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { toast } from '@web/components/toast-store';
import { useCancelOrder } from '../api/cancel-order';
import { completeSplitKey, recallSecret } from '../split-key-secret';
import { DeliveredAddress } from './delivered-address';
import { FinishLaterOffer } from './finish-later-offer';
import { MintStep } from './mint-step';
import { OrderPayment } from './order-payment';
import { OrderProgress } from './order-progress';

/** The current order: its progress, then by lane its payment, its delivered address and proof, and the mint step. */
export function OrderCard({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const secret = order.lane === 'split-key' ? recallSecret(order.id) : null;
  const [downloaded, setDownloaded] = useState(false);
  const completion = useMemo(
    () => (secret && order.status === 'delivered' ? completeSplitKey(secret, order) : null),
    [secret, order],
  );
  const open = order.status !== 'cancelled' && order.status !== 'refunded';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your order</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <OrderProgress
          order={order}
          cancelling={cancel.isPending}
          onCancel={() =>
            cancel.mutate(order.id, {
              onError: (e) => toast({ title: 'Not cancelled', description: e.message, variant: 'error' }),
            })
          }
        />
        <OrderPayment order={order} />
        {order.status === 'delivered' && <DeliveredAddress order={order} />}
        {secret && open && (
          // Offered again with the order (and, once found, its address) written in: the file then says what it is for.
          <FinishLaterOffer
            secret={secret}
            order={order}
            downloaded={downloaded}
            onDownloaded={() => setDownloaded(true)}
          />
        )}
        <MintStep order={order} completion={completion} />
      </CardContent>
    </Card>
  );
}
