import type { Order } from '@shared/api/orders';
import { isSolanaError } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/toast-store';
import { isChainRefusal, isWalletRejection, payWithWallet, useWallet, walletBalanceKey } from '@web/features/wallet';
import { configQueryOptions } from '@web/lib/config';
import { confirmOrder } from './api/confirm-order';
import { orderKeys } from './api/order-keys';

/**
 * Pays a paid-up-front order's deposit into its escrow from the connected wallet (the same one-transfer transaction a
 * purchase pays with), then tells the server. The server also watches the escrow by itself, so a failed confirm
 * only delays the order: the page keeps polling it.
 */
export function usePayOrder(order: Order) {
  const queryClient = useQueryClient();
  const { wallet, account, address } = useWallet();
  return useMutation({
    mutationFn: async () => {
      if (!order.payment) throw new Error('This order is not waiting for a payment');
      if (!wallet || !account) throw new Error('Connect your wallet first');
      const config = await queryClient.fetchQuery(configQueryOptions());
      const signature = await payWithWallet({ wallet, account, config, payment: order.payment });
      try {
        queryClient.setQueryData(orderKeys.detail(order.id), await confirmOrder({ id: order.id, signature }));
      } catch {
        toast({
          title: 'Payment sent',
          description: 'The shop has not seen it yet; it watches the escrow and starts as soon as it does.',
          variant: 'default',
        });
      }
      return signature;
    },
    onError: (error) =>
      toast({
        title: isChainRefusal(error) ? 'Transaction Failed' : 'Payment Failed',
        description: isWalletRejection(error)
          ? 'You rejected the payment in your wallet. Nothing was sent — you can try again.'
          : isChainRefusal(error)
            ? 'The transaction was not successful on the blockchain.'
            : isSolanaError(error) || !(error instanceof Error)
              ? 'Failed to complete payment'
              : error.message,
        variant: 'error',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(order.id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
      if (address) void queryClient.invalidateQueries({ queryKey: walletBalanceKey(address) });
    },
  });
}
