import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';

/** A blockhash as a raw JSON-RPC `getLatestBlockhash` answers it (its height a plain number), not kit's typed one. */
export interface RawLifetime {
  blockhash: string;
  lastValidBlockHeight: number;
}

/**
 * `instructions` in one transaction paid and signed by `payer`, base64-encoded for a raw `sendTransaction`: for
 * callers that speak JSON-RPC themselves (hostile clients, the validator's own handler) rather than through kit's RPC.
 */
export async function signedWireTransaction(
  payer: KeyPairSigner,
  instructions: Instruction[],
  lifetime: RawLifetime,
): Promise<string> {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: lifetime.blockhash as Blockhash, lastValidBlockHeight: BigInt(lifetime.lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}
