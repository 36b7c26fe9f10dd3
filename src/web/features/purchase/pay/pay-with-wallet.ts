import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { PublicConfig } from '@shared/api/config';
import type { PaymentInstructions } from '@shared/api/transactions';
import {
  address,
  compileTransaction,
  createNoopSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type Transaction,
} from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { absoluteRpcUrls, walletChainOf } from './wallet-chain';

export interface PayInput {
  wallet: Wallet;
  account: WalletAccount;
  payment: PaymentInstructions;
  config: PublicConfig;
}

/**
 * docs/domain.md#payment-transaction: builds the purchase transaction from the server's instructions (one transfer of
 * the total to the purchase's escrow), has the wallet sign it, and sends it through the configured RPC URLs in
 * fallback order. Returns the base58 signature.
 */
export async function payWithWallet({ wallet, account, payment, config }: PayInput): Promise<string> {
  const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = buildPaymentTransaction({
    payment: { ...payment, lamports: BigInt(payment.lamports) },
    // The wallet holds the key: the message only needs the buyer's address as fee payer and signer.
    buyer: createNoopSigner(address(account.address)),
    lifetime,
  });
  const unsigned = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
  const chain = walletChainOf(config.cluster);
  const features = wallet.features as Partial<SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature>;

  const signer = features[SolanaSignTransaction];
  if (signer) {
    const [output] = await signer.signTransaction({ account, transaction: unsigned, chain });
    if (!output) throw new Error('The wallet returned no signed transaction');
    const signed = getTransactionDecoder().decode(output.signedTransaction) as Transaction;
    if (!signed.signatures[address(account.address)]) throw new Error('The wallet did not sign the payment');
    return rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send();
  }
  const sender = features[SolanaSignAndSendTransaction];
  if (sender) {
    const [output] = await sender.signAndSendTransaction({ account, transaction: unsigned, chain });
    if (!output) throw new Error('The wallet returned no signature');
    return getBase58Decoder().decode(output.signature);
  }
  throw new Error('This wallet cannot sign Solana transactions');
}
