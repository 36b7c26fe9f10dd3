import { getTransactionDecoder, getTransactionEncoder, type Address, type SignatureBytes } from '@solana/kit';
import { createSignInMessageText, type SolanaSignInInputWithRequiredFields } from '@solana/wallet-standard-util';
import type { Page } from 'playwright-core';
import type { TestKeypair } from '@tests/helpers/keypair';
import { testWalletPageScript } from './test-wallet-page-script';

export { TEST_WALLET_NAME } from './test-wallet-page-script';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export interface TestWallet {
  readonly address: string;
  /** Switches the wallet to another key and emits a standard:events 'change', like a user picking an account. */
  switchAccount(keypair: TestKeypair): Promise<void>;
  /** How many signature requests the page made (sign-in, message, transaction). */
  readonly signatureCount: number;
}

/**
 * Installs "Test Wallet" (a Wallet Standard wallet) in every document the page loads. Signing happens here in
 * the test process with `keypair`; the wallet stays authorized across reloads once connected, like Phantom.
 */
export async function installTestWallet(page: Page, keypair: TestKeypair): Promise<TestWallet> {
  let current = keypair;
  let authorized = false;
  let signatures = 0;
  const byAddress = new Map([[keypair.address, keypair]]);
  const accountInfo = () => ({ address: current.address, publicKey: [...current.publicKey] });
  const keyFor = (address: string) => {
    const key = byAddress.get(address);
    if (!key) throw new Error(`Test Wallet holds no key for ${address}`);
    return key;
  };

  await page.exposeFunction('__testWallet_connect', (silent: boolean) => {
    if (silent && !authorized) return null;
    authorized = true;
    return accountInfo();
  });
  await page.exposeFunction('__testWallet_disconnect', () => {
    authorized = false;
  });
  await page.exposeFunction('__testWallet_currentAccount', () => (authorized ? accountInfo() : null));
  await page.exposeFunction('__testWallet_signIn', (input: Partial<SolanaSignInInputWithRequiredFields>) => {
    signatures++;
    const text = createSignInMessageText({
      ...input,
      domain: input.domain ?? new URL(page.url()).host,
      address: input.address ?? current.address,
    });
    const message = new TextEncoder().encode(text);
    return {
      account: accountInfo(),
      signedMessage: b64(message),
      signature: b64(keyFor(input.address ?? current.address).sign(message)),
    };
  });
  await page.exposeFunction('__testWallet_signMessage', (address: string, message: string) => {
    signatures++;
    return b64(keyFor(address).sign(unb64(message)));
  });
  await page.exposeFunction('__testWallet_signTransaction', (address: string, wire: string) => {
    signatures++;
    const transaction = getTransactionDecoder().decode(unb64(wire));
    const signature = keyFor(address).sign(new Uint8Array(transaction.messageBytes)) as SignatureBytes;
    const signed = { ...transaction, signatures: { ...transaction.signatures, [address as Address]: signature } };
    return b64(new Uint8Array(getTransactionEncoder().encode(signed)));
  });
  await page.addInitScript({ content: testWalletPageScript });

  return {
    get address() {
      return current.address;
    },
    get signatureCount() {
      return signatures;
    },
    async switchAccount(next) {
      byAddress.set(next.address, next);
      current = next;
      await page.evaluate(() =>
        (window as unknown as { __testWalletAccountChanged(): Promise<void> }).__testWalletAccountChanged(),
      );
    },
  };
}
