import { createChainRpc } from '@chain/rpc/chain-rpc';
import { address as toAddress } from '@solana/kit';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { absoluteRpcUrls } from '@web/features/wallet';
import { configQueryOptions } from '@web/lib/config';

/**
 * Who owns the account at `address` on chain, or null when there is none: a delivered address whose mint was
 * already created (in another tab, from the file) is not offered again, which the chain would refuse anyway.
 */
export function useChainAccountOwner(address: string | null) {
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: ['chain', 'account-owner', address],
      enabled: address !== null,
      staleTime: Infinity,
      queryFn: async () => {
        const config = await queryClient.fetchQuery(configQueryOptions());
        const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
        const { value } = await rpc
          .getAccountInfo(toAddress(address!), { encoding: 'base64', commitment: 'confirmed' })
          .send();
        return { owner: value ? String(value.owner) : null };
      },
    }),
  );
}
