import { getAddressDecoder, type SignatureBytes, type TransactionPartialSigner } from '@solana/kit';
import type { RawScalarSigner } from './raw-scalar-signer';

/**
 * A raw-scalar signer as kit's TransactionPartialSigner, so the split-key account co-signs the transaction that
 * creates it beside the buyer's wallet (which pays the fee): it signs each transaction's message bytes as they are
 * and never changes them.
 */
export function asPartialSigner(signer: RawScalarSigner): TransactionPartialSigner {
  const address = getAddressDecoder().decode(signer.publicKey);
  return Object.freeze({
    address,
    signTransactions: async (transactions) =>
      transactions.map((tx) =>
        Object.freeze({ [address]: signer.signBytes(Uint8Array.from(tx.messageBytes)) as SignatureBytes }),
      ),
  });
}
