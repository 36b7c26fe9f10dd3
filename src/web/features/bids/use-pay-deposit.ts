import type { PaymentInstructions } from '@shared/api/transactions';
import { isSolanaError } from '@solana/kit';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '@web/components/toast-store';
import { isChainRefusal, isWalletRejection, payWithWallet, useWallet, walletBalanceKey } from '@web/features/wallet';
import { configQueryOptions } from '@web/lib/config';

export interface DepositTarget {
  id: string;
  payment: PaymentInstructions;
}

/**
 * Pays a bid's or an offer's deposit into its own escrow from the connected wallet (the same one-transfer transaction
 * a purchase and a paid-up-front order pay with), then tells the server. The server also watches the escrow by
 * itself, so a failed confirm only delays the bid: the list keeps refetching it.
 */
export function usePayDeposit({
  confirm,
  listKey,
}: {
  confirm: (input: { id: string; signature: string }) => Promise<unknown>;
  listKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { wallet, account, address } = useWallet();
  return useMutation({
    mutationFn: async ({ id, payment }: DepositTarget) => {
      if (!wallet || !account) throw new Error('Connect your wallet first');
      const config = await queryClient.fetchQuery(configQueryOptions());
      const signature = await payWithWallet({ wallet, account, config, payment });
      try {
        await confirm({ id, signature });
      } catch {
        toast({
          title: 'Deposit sent',
          description: 'The shop has not seen it yet; it watches the escrow and opens the bid as soon as it does.',
          variant: 'default',
        });
      }
      return signature;
    },
    onError: (error) =>
      toast({
        title: isChainRefusal(error) ? 'Transaction Failed' : 'Deposit Failed',
        description: isWalletRejection(error)
          ? 'You rejected the payment in your wallet. Nothing was sent — you can pay the deposit from the list.'
          : isChainRefusal(error)
            ? 'The transaction was not successful on the blockchain.'
            : isSolanaError(error) || !(error instanceof Error)
              ? 'Failed to pay the deposit'
              : error.message,
        variant: 'error',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      if (address) void queryClient.invalidateQueries({ queryKey: walletBalanceKey(address) });
    },
  });
}
