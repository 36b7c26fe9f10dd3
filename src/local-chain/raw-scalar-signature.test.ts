import { ed25519 } from '@noble/curves/ed25519.js';
import { randomBytes } from 'node:crypto';
import { getCreateAccountInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type SignatureBytes,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asPartialSigner } from '@shared/split-key/partial-signer';
import { createRawScalarSigner, freshNoncePrefix } from '@shared/split-key/raw-scalar-signer';
import { tweakedPoint, tweakedScalar } from '@shared/split-key/tweak';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { decodeBase58 } from '@shared/keys/base58';
import {
  fundedSigner,
  latestLifetime,
  sendSigned,
  startLocalChain,
  waitUntil,
  type LocalChain,
} from '@tests/helpers/local-chain';

/**
 * A split-key address verified by the local chain: the Solana runtime (LiteSVM) checks every signature of a
 * transaction, so a createAccount whose new account is a split-key address lands only if the raw-scalar signature
 * verifies. The buyer's wallet pays the fee and signs too, as it will in the browser.
 */
let chain: LocalChain;
beforeAll(async () => {
  chain = await startLocalChain({ slotMs: 100 });
});
afterAll(() => chain.stop());

const L = ed25519.Point.Fn.ORDER;
const randomScalar = () => (BigInt('0x' + randomBytes(32).toString('hex')) % (L - 1n)) + 1n;

/** createAccount of 82 bytes (a mint's size) at the signer's address, paid by a funded wallet; signed, not sent. */
async function createAccountTransaction(newAccount: ReturnType<typeof asPartialSigner>) {
  const payer = await fundedSigner(chain.rpc, LAMPORTS_PER_SOL);
  await waitUntil(async () => (await chain.rpc.getBalance(payer.address).send()).value > 0n);
  const space = 82n;
  const rent = await chain.rpc.getMinimumBalanceForRentExemption(space).send();
  const lifetime = await latestLifetime(chain.rpc);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAccountInstruction({
            payer,
            newAccount,
            lamports: lamports(rent),
            space,
            programAddress: SYSTEM_PROGRAM_ADDRESS,
          }),
        ],
        m,
      ),
  );
  return { signed: await signTransactionMessageWithSigners(message), rent };
}

function splitKeySigner() {
  const a = randomScalar();
  const t = randomScalar();
  const address = tweakedPoint(ed25519.Point.BASE.multiply(a), t).toBytes();
  const signer = asPartialSigner(createRawScalarSigner(tweakedScalar(a, t), freshNoncePrefix()));
  return { address, signer };
}

describe('a raw-scalar signature on the local chain', () => {
  it('creates the account at a split-key address, co-signed with a + t', async () => {
    const { address, signer } = splitKeySigner();
    expect(decodeBase58(signer.address)).toEqual(address);
    const { signed, rent } = await createAccountTransaction(signer);
    await sendSigned(chain.rpc, signed);
    await waitUntil(async () => (await chain.rpc.getAccountInfo(signer.address).send()).value !== null);
    const account = (await chain.rpc.getAccountInfo(signer.address, { encoding: 'base64' }).send()).value;
    expect(account?.lamports).toBe(rent);
    expect(account?.data[0]).toHaveLength(Math.ceil(82 / 3) * 4);
  });

  it('refuses the same transaction when the split-key signature is damaged', async () => {
    const { signer } = splitKeySigner();
    const { signed } = await createAccountTransaction(signer);
    const signature = Uint8Array.from(signed.signatures[signer.address]!);
    signature[40]! ^= 1; // S changes: the equation fails
    const damaged = { ...signed, signatures: { ...signed.signatures, [signer.address]: signature as SignatureBytes } };
    await expect(sendSigned(chain.rpc, damaged)).rejects.toThrow();
    expect((await chain.rpc.getAccountInfo(signer.address).send()).value).toBeNull();
  });
});
