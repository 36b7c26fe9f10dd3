import { getAddMemoInstruction, LEGACY_MEMO_PROGRAM_ADDRESS_V3 } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import type { ValidatorCore } from './core';
import { submitTransaction } from './executor';
import { invalidParams } from './rpc-error';
import { decodeWireTransaction } from './wire';

/** Largest single airdrop: 1M SOL keeps every balance far below 2^53 lamports, the JSON-number limit. */
export const MAX_AIRDROP_LAMPORTS = 1_000_000_000_000_000n;
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

/**
 * Airdrops are real signed transfers from a faucet account, so they have a signature, a status and a
 * getTransaction answer like any payment. The faucet key is made fresh in memory at every start and its
 * account is never persisted (no secret on disk); it is topped up out of thin air when it runs low.
 * A counter memo keeps two equal airdrops in the same slot (same blockhash) from having the same signature.
 */
export async function createFaucet(core: ValidatorCore) {
  const faucet = await generateKeyPairSigner();
  core.ephemeralAccounts.add(faucet.address);
  let counter = 0;

  function topUp(needed: bigint): void {
    const balance = core.svm.getBalance(faucet.address) ?? 0n;
    if (balance >= needed) return;
    core.svm.setAccount({
      address: faucet.address,
      lamports: lamports(needed * 2n),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(0),
      space: 0n,
    });
  }

  return async function airdrop(recipient: string, amount: bigint): Promise<string> {
    if (amount <= 0n || amount > MAX_AIRDROP_LAMPORTS) {
      throw invalidParams(`airdrop amount must be between 1 and ${MAX_AIRDROP_LAMPORTS} lamports`);
    }
    const latest = core.clock.latestBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(faucet, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getAddMemoInstruction({ memo: `airdrop ${++counter}` }, { programAddress: LEGACY_MEMO_PROGRAM_ADDRESS_V3 }),
            getTransferSolInstruction({ source: faucet, destination: address(recipient), amount }),
          ],
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    topUp(amount + 1_000_000n);
    const bytes = new Uint8Array(getTransactionEncoder().encode(signed));
    return submitTransaction(core, decodeWireTransaction(bytes), false);
  };
}
