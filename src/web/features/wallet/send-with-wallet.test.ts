import type { PublicConfig } from '@shared/api/config';
import { asPartialSigner, createRawScalarSigner, freshNoncePrefix, randomScalar } from '@shared/split-key';
import { getCreateAccountInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type SignatureBytes,
} from '@solana/kit';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendWithWallet } from './send-with-wallet';
import type * as WalletChain from './wallet-chain';

const sent: string[] = [];
vi.mock('@chain/rpc/chain-rpc', () => ({
  createChainRpc: () => ({
    getLatestBlockhash: () => ({
      send: async () => ({
        value: { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 9n },
      }),
    }),
    sendTransaction: (wire: string) => ({
      send: async () => {
        sent.push(wire);
        return 'sig';
      },
    }),
  }),
}));
vi.mock('./wallet-chain', async (original) => ({
  ...(await original<typeof WalletChain>()),
  absoluteRpcUrls: (urls: readonly string[]) => urls,
}));

const WALLET = 'BuyerWa11et111111111111111111111111111111111';
const config = { cluster: 'local', rpcUrls: ['/rpc'] } as PublicConfig;
const account = { address: WALLET, publicKey: new Uint8Array(32), chains: [], features: [] } as WalletAccount;

/** A Wallet Standard wallet that signs with a fixed fake signature, optionally after changing the message. */
function fakeWallet(tamper = false): Wallet {
  return {
    features: {
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: [0],
        signTransaction: async ({ transaction }: { transaction: Uint8Array }) => {
          const tx = getTransactionDecoder().decode(transaction);
          const messageBytes = tamper
            ? Uint8Array.from(tx.messageBytes).map((b, i) => (i === 60 ? b ^ 1 : b))
            : tx.messageBytes;
          const signed = {
            messageBytes,
            signatures: { ...tx.signatures, [WALLET]: new Uint8Array(64).fill(7) as SignatureBytes },
          };
          return [{ signedTransaction: new Uint8Array(getTransactionEncoder().encode(signed as never)) }];
        },
      },
    },
  } as unknown as Wallet;
}

const coSigner = () => asPartialSigner(createRawScalarSigner(randomScalar(), freshNoncePrefix()));

function build(mint: ReturnType<typeof coSigner>) {
  return ({ walletSigner, lifetime }: Parameters<Parameters<typeof sendWithWallet>[1]>[0]) =>
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(walletSigner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAccountInstruction({
              payer: walletSigner,
              newAccount: mint,
              lamports: 1n,
              space: 82,
              programAddress: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
            }),
          ],
          m,
        ),
    );
}

describe('sendWithWallet', () => {
  beforeEach(() => void sent.splice(0));

  it("has the page's co-signer sign first and sends the wallet's transaction with both signatures", async () => {
    const mint = coSigner();
    await sendWithWallet({ wallet: fakeWallet(), account, config }, build(mint));
    expect(sent).toHaveLength(1);
    const tx = getTransactionDecoder().decode(Uint8Array.from(Buffer.from(sent[0]!, 'base64')));
    expect(tx.signatures[address(WALLET)]).toEqual(new Uint8Array(64).fill(7));
    expect(tx.signatures[mint.address]).toHaveLength(64);
  });

  it('sends nothing when the wallet changed the message its co-signer signed', async () => {
    await expect(sendWithWallet({ wallet: fakeWallet(true), account, config }, build(coSigner()))).rejects.toThrow(
      'The wallet changed the transaction',
    );
    expect(sent).toHaveLength(0);
  });
});
