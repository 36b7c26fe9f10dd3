import type { PaymentInstructions, PurchaseView } from '@shared/api/transactions';
import { isSolanaError } from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/toast-store';
import { isChainRefusal, isWalletRejection, payWithWallet, useWallet, walletBalanceKey } from '@web/features/wallet';
import { ApiRequestError } from '@web/lib/api-client';
import { configQueryOptions } from '@web/lib/config';
import { confirmPurchase } from './api/confirm-purchase';
import { invalidateTradeCaches, purchaseKeys } from './api/query-keys';
import { rejectionToast } from './purchase-failure';

/**
 * Signs and sends the payment, then tells the server its signature (docs/domain.md#payment-transaction,
 * docs/domain.md#confirmation).
 */
export function usePayment(transaction: PurchaseView | null | undefined) {
  const queryClient = useQueryClient();
  const { address, wallet, account } = useWallet();

  return useMutation({
    mutationFn: async () => {
      if (!transaction) throw new Error('Transaction not loaded');
      if (!address || !wallet || !account) throw new Error('Wallet not connected');
      const payment =
        transaction.payment ?? queryClient.getQueryData<PaymentInstructions>(purchaseKeys.payment(transaction.id));
      if (!payment) throw new Error('The payment instructions are not available; reload the page');
      const config = await queryClient.fetchQuery(configQueryOptions());
      const txHash = await payWithWallet({ wallet, account, payment, config });
      try {
        queryClient.setQueryData(
          purchaseKeys.detail(transaction.id),
          await confirmPurchase(transaction.id, { txHash, buyerWallet: address }),
        );
      } catch (error) {
        // The server checked the payment and refused it: the page turns to the failed purchase, which says what to
        // do next; the toast says so in words, not the check's code and lamports.
        if (error instanceof ApiRequestError && error.status === 422) {
          toast({ title: 'Payment Rejected', description: rejectionToast(error.code), variant: 'error' });
          return txHash;
        }
        // docs/product-spec.md#transaction-status: the payment may still succeed; the server finds it by its reference,
        // so keep polling.
        toast({
          title: 'Confirmation Failed',
          description: error instanceof Error ? error.message : 'The payment could not be confirmed yet',
          variant: 'error',
        });
      }
      return txHash;
    },
    onError: (error) =>
      isChainRefusal(error)
        ? toast({
            title: 'Transaction Failed',
            description: 'The transaction was not successful on the blockchain.',
            variant: 'error',
          })
        : toast({ title: 'Payment Failed', description: paymentFailure(error), variant: 'error' }),
    onSettled: () => {
      if (transaction) void queryClient.invalidateQueries({ queryKey: purchaseKeys.detail(transaction.id) });
      if (address) void queryClient.invalidateQueries({ queryKey: walletBalanceKey(address) });
      void invalidateTradeCaches(queryClient);
    },
  });
}

function paymentFailure(error: unknown): string {
  if (isWalletRejection(error)) return 'You rejected the payment in your wallet. Nothing was sent — you can try again.';
  // The production build of @solana/kit carries only an error code in its messages: not for people.
  if (isSolanaError(error)) return 'Failed to complete payment';
  return error instanceof Error && error.message ? error.message : 'Failed to complete payment';
}
