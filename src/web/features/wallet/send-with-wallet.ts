import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { createChainRpc, type ChainRpc } from '@chain/rpc/chain-rpc';
import type { PublicConfig } from '@shared/api/config';
import type { PaymentInstructions } from '@shared/api/transactions';
import {
  address,
  createNoopSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransactionMessageWithSigners,
  type TransactionMessage,
  type Blockhash,
  type Transaction,
  type TransactionMessageWithBlockhashLifetime,
  type TransactionMessageWithFeePayer,
  type TransactionSigner,
} from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { absoluteRpcUrls, walletChainOf } from './wallet-chain';

export interface WalletSendInput {
  wallet: Wallet;
  account: WalletAccount;
  config: PublicConfig;
}

export interface MessageContext {
  /** The connected wallet as a signer that signs nothing here: the wallet itself signs the compiled bytes. */
  walletSigner: TransactionSigner;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  rpc: ChainRpc;
}

type SendableMessage = TransactionMessage & TransactionMessageWithFeePayer & TransactionMessageWithBlockhashLifetime;

/**
 * Builds a transaction with `build`, has every signer it carries besides the wallet sign it in the page (a split
 * key's raw-scalar signer), then has the connected Wallet Standard wallet sign and sends it through the configured
 * RPC URLs in fallback order. Returns the base58 signature. A wallet that changed the message would void the
 * page's signatures, so that is refused before anything is sent.
 */
export async function sendWithWallet(
  { wallet, account, config }: WalletSendInput,
  build: (context: MessageContext) => SendableMessage | Promise<SendableMessage>,
): Promise<string> {
  const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
  const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
  const message = await build({ walletSigner: createNoopSigner(address(account.address)), lifetime, rpc });
  // The wallet's own signer is a no-op: this signs with the others only and leaves the wallet's slot empty.
  const partial = await partiallySignTransactionMessageWithSigners(message);
  const unsigned = new Uint8Array(getTransactionEncoder().encode(partial));
  const coSigned = Object.values(partial.signatures).some(Boolean);
  const chain = walletChainOf(config.cluster);
  const features = wallet.features as Partial<SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature>;

  const signer = features[SolanaSignTransaction];
  if (signer) {
    const [output] = await signer.signTransaction({ account, transaction: unsigned, chain });
    if (!output) throw new Error('The wallet returned no signed transaction');
    const signed = getTransactionDecoder().decode(output.signedTransaction) as Transaction;
    if (!signed.signatures[address(account.address)]) throw new Error('The wallet did not sign the transaction');
    if (coSigned && !sameBytes(signed.messageBytes, partial.messageBytes))
      throw new Error('The wallet changed the transaction, so its other signature no longer fits; nothing was sent');
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

/**
 * docs/domain.md#payment-transaction: pays the server's payment instructions (one transfer of `lamports` to an
 * escrow: a purchase's, or a paid-up-front order's) from the connected wallet. Returns the base58 signature.
 */
export const payWithWallet = (input: WalletSendInput & { payment: PaymentInstructions }) =>
  sendWithWallet(input, ({ walletSigner, lifetime }) =>
    buildPaymentTransaction({
      payment: { ...input.payment, lamports: BigInt(input.payment.lamports) },
      buyer: walletSigner,
      lifetime,
    }),
  );

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
