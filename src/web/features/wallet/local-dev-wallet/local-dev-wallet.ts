import { getBase58Encoder, getTransactionDecoder, getTransactionEncoder, partiallySignTransaction } from '@solana/kit';
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  SolanaSignTransaction,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignInFeature,
  type SolanaSignInInput,
  type SolanaSignMessageFeature,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  StandardEvents,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features';
import { ReadonlyWalletAccount } from '@wallet-standard/wallet';
import { apiFetch } from '@web/lib/api-client';
import { bytesToBase64 } from '@web/lib/base64';
import { LOCAL_DEV_AIRDROP_SOL, LOCAL_DEV_WALLET_ICON, LOCAL_DEV_WALLET_NAME } from './constants';
import { loadOrCreateKeypair, recordFlags, updateRecord, type LocalKeypair } from './keypair-store';
import { askApproval } from './approval-store';
import { reviewTransaction } from './review-transaction';
import { sendRawTransaction } from './send-raw-transaction';

const CHAIN = 'solana:localnet' as const;
type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignInFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature;

/** What a real wallet reports when its user presses Reject (EIP-1193 code 4001, as Phantom does). */
class UserRejectedRequestError extends Error {
  override readonly name = 'UserRejectedRequestError';
  readonly code = 4001;
  constructor() {
    super('You rejected the request in the Local Dev Wallet');
  }
}

/**
 * A real Wallet Standard wallet living in the page, for local mode only: a newcomer can sign in and pay on
 * the embedded validator without installing Phantom. Like a real wallet it shows each transaction it is asked to sign
 * (recipients, amounts in SOL, fee payer) and waits for Approve or Reject; sign-in is approved by the connect click.
 */
export class LocalDevWallet implements Wallet {
  readonly version = '1.0.0' as const;
  readonly name = LOCAL_DEV_WALLET_NAME;
  readonly icon = LOCAL_DEV_WALLET_ICON;
  readonly chains = [CHAIN] as const;
  #keypair: LocalKeypair | null = null;
  #account: ReadonlyWalletAccount | null = null;
  #listeners = new Set<StandardEventsListeners['change']>();

  constructor(private readonly options: { rpcUrl: string; faucet: boolean }) {}

  get accounts(): readonly WalletAccount[] {
    return this.#account ? [this.#account] : [];
  }

  get features(): Features {
    return {
      [StandardConnect]: { version: '1.0.0', connect: this.#connect },
      [StandardDisconnect]: { version: '1.0.0', disconnect: this.#disconnect },
      [StandardEvents]: { version: '1.0.0', on: this.#on },
      [SolanaSignIn]: { version: '1.0.0', signIn: this.#signIn },
      [SolanaSignMessage]: { version: '1.0.0', signMessage: this.#signMessage },
      [SolanaSignTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: this.#signTransaction,
      },
      [SolanaSignAndSendTransaction]: {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: this.#signAndSendTransaction,
      },
    };
  }

  #on: StandardEventsFeature[typeof StandardEvents]['on'] = (_event, listener) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #emitAccounts() {
    for (const listener of this.#listeners) listener({ accounts: this.accounts });
  }

  #connect: StandardConnectFeature[typeof StandardConnect]['connect'] = async (input) => {
    if (input?.silent && !recordFlags().authorized) return { accounts: [] };
    this.#keypair ??= await loadOrCreateKeypair();
    const { address, publicKey } = this.#keypair;
    this.#account ??= new ReadonlyWalletAccount({
      address,
      publicKey,
      chains: [CHAIN],
      features: Object.keys(this.features) as `${string}:${string}`[],
    });
    updateRecord({ authorized: true });
    if (this.options.faucet && !recordFlags().airdropped) await this.#airdrop(address);
    this.#emitAccounts();
    return { accounts: this.accounts };
  };

  /** First connect tops the wallet up from the local faucet; a failure only means an empty wallet. */
  async #airdrop(address: string) {
    try {
      await apiFetch('/api/dev/airdrop', { method: 'POST', body: { address, sol: LOCAL_DEV_AIRDROP_SOL } });
      updateRecord({ airdropped: true });
    } catch {
      // Not fatal: the next connect tries again.
    }
  }

  #disconnect: StandardDisconnectFeature[typeof StandardDisconnect]['disconnect'] = async () => {
    updateRecord({ authorized: false });
    this.#account = null;
    this.#emitAccounts();
  };

  #requireKeypair(): LocalKeypair {
    if (!this.#keypair || !this.#account) throw new Error(`${this.name} is not connected`);
    return this.#keypair;
  }

  async #sign(bytes: Uint8Array): Promise<Uint8Array> {
    const { keyPair } = this.#requireKeypair();
    return new Uint8Array(await crypto.subtle.sign('Ed25519', keyPair.privateKey, bytes as Uint8Array<ArrayBuffer>));
  }

  #signIn: SolanaSignInFeature[typeof SolanaSignIn]['signIn'] = async (...inputs) => {
    const { address } = this.#requireKeypair();
    const account = this.#account!;
    return Promise.all(
      inputs.map(async (input: SolanaSignInInput) => {
        // The same text builder the server uses, so the signed bytes equal what it verifies.
        const text = createSignInMessageText({
          ...input,
          domain: input.domain ?? window.location.host,
          address: input.address ?? address,
        });
        const signedMessage = new TextEncoder().encode(text);
        return {
          account,
          signedMessage,
          signature: await this.#sign(signedMessage),
          signatureType: 'ed25519' as const,
        };
      }),
    );
  };

  #signMessage: SolanaSignMessageFeature[typeof SolanaSignMessage]['signMessage'] = async (...inputs) =>
    Promise.all(
      inputs.map(async ({ message }) => ({
        signedMessage: message,
        signature: await this.#sign(new Uint8Array(message)),
      })),
    );

  async #signWire(bytes: Uint8Array): Promise<Uint8Array> {
    const { keyPair } = this.#requireKeypair();
    if (!(await askApproval(reviewTransaction(bytes)))) throw new UserRejectedRequestError();
    const transaction = getTransactionDecoder().decode(bytes);
    const signed = await partiallySignTransaction([keyPair], transaction);
    return new Uint8Array(getTransactionEncoder().encode(signed));
  }

  #signTransaction: SolanaSignTransactionFeature[typeof SolanaSignTransaction]['signTransaction'] = async (...inputs) =>
    Promise.all(
      inputs.map(async ({ transaction }) => ({ signedTransaction: await this.#signWire(new Uint8Array(transaction)) })),
    );

  #signAndSendTransaction: SolanaSignAndSendTransactionFeature[typeof SolanaSignAndSendTransaction]['signAndSendTransaction'] =
    async (...inputs) =>
      Promise.all(
        inputs.map(async ({ transaction }) => {
          const signed = await this.#signWire(new Uint8Array(transaction));
          const signature = await sendRawTransaction(this.options.rpcUrl, bytesToBase64(signed));
          return { signature: new Uint8Array(getBase58Encoder().encode(signature)) };
        }),
      );
}
