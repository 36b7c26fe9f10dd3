import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { MintAccountSpec } from '@shared/mint';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type TransactionSigner,
} from '@solana/kit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { absoluteRpcUrls, sendWithWallet, useWallet, walletBalanceKey } from '@web/features/wallet';
import { configQueryOptions } from '@web/lib/config';
import { MINT_ACCOUNT_SIZE, mintPlanInstructions, type MintChoices } from './mint-plan';
import { waitConfirmed } from './wait-confirmed';

export interface CreateMintInput {
  /** The account at the vanity address, given the wallet's signer (a seed-derived account's base is the wallet). */
  account(wallet: TransactionSigner): MintAccountSpec;
  choices: MintChoices;
}

export interface CreatedMint {
  mint: Address;
  tokenAccount: Address | null;
  signature: string;
}

/**
 * Creates the token mint at a delivered order's address in one transaction the connected wallet pays for and signs;
 * a split key's raw-scalar signer co-signs in the page first. Resolves once the chain confirmed it.
 */
export function useCreateMint() {
  const queryClient = useQueryClient();
  const { wallet, account, address } = useWallet();
  return useMutation({
    mutationFn: async ({ account: spec, choices }: CreateMintInput): Promise<CreatedMint> => {
      if (!wallet || !account) throw new Error('Connect your wallet first');
      const config = await queryClient.fetchQuery(configQueryOptions());
      let planned: { mint: Address; tokenAccount: Address | null } | undefined;
      const signature = await sendWithWallet({ wallet, account, config }, async ({ walletSigner, lifetime, rpc }) => {
        const rentLamports = await rpc.getMinimumBalanceForRentExemption(BigInt(MINT_ACCOUNT_SIZE)).send();
        const plan = await mintPlanInstructions({
          account: spec(walletSigner),
          wallet: walletSigner,
          choices,
          rentLamports,
        });
        planned = plan;
        return pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(walletSigner, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstructions(plan.instructions, m),
        );
      });
      await waitConfirmed(createChainRpc(absoluteRpcUrls(config.rpcUrls)), signature);
      return { mint: planned!.mint, tokenAccount: planned!.tokenAccount, signature };
    },
    onSettled: () => {
      if (address) void queryClient.invalidateQueries({ queryKey: walletBalanceKey(address) });
    },
  });
}
