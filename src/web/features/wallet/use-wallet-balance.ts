import { useQuery, useQueryClient } from '@tanstack/react-query';
import { configQueryOptions } from '@web/lib/config';
import { useWallet } from './wallet-context';

/** Cache key of a wallet's SOL balance; the pay flow invalidates it once a payment is sent. */
export const walletBalanceKey = (wallet: string) => ['wallet-balance', wallet] as const;

// A balance changes when the user pays or is paid; half a minute (and a return to the tab) keeps it honest without
// polling the RPC node hard.
const REFRESH_MS = 30_000;

/**
 * The connected wallet's balance in lamports, read from the configured RPC endpoints in fallback order, as the pay
 * flow reads the chain. The RPC client loads on first use, not with the header (docs/decisions/0014-first-paint.md).
 */
export function useWalletBalance() {
  const { address, status } = useWallet();
  const queryClient = useQueryClient();
  const wallet = status === 'connected' ? address : null;
  return useQuery({
    queryKey: walletBalanceKey(wallet ?? ''),
    enabled: wallet !== null,
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS / 3,
    queryFn: async (): Promise<bigint> => {
      const [config, { createChainRpc }, { address: toAddress }] = await Promise.all([
        queryClient.ensureQueryData(configQueryOptions()),
        import('@chain/rpc/chain-rpc'),
        import('@solana/kit'),
      ]);
      // Relative RPC URLs (local mode: '/rpc') are resolved against the page, as the config contract says.
      const rpc = createChainRpc(config.rpcUrls.map((url) => new URL(url, window.location.origin).toString()));
      const { value } = await rpc.getBalance(toAddress(wallet!), { commitment: 'confirmed' }).send();
      return value;
    },
  });
}
