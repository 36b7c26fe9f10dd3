/**
 * The page half of the test wallet, as plain JavaScript source: addInitScript runs it before the app, and a
 * string keeps the test runner's transpiler from injecting helpers that do not exist in the page. It
 * registers with the Wallet Standard the same way `registerWallet` does and forwards every request to
 * functions the test process exposes (`__testWallet_*`), where the key lives.
 */
export const TEST_WALLET_NAME = 'Test Wallet';

export const testWalletPageScript = String.raw`
(() => {
  const NAME = ${JSON.stringify(TEST_WALLET_NAME)};
  const CHAINS = ['solana:localnet', 'solana:devnet', 'solana:mainnet'];
  const FEATURES = ['standard:connect', 'standard:disconnect', 'standard:events', 'solana:signIn', 'solana:signMessage', 'solana:signTransaction'];
  const toB64 = (bytes) => { let s = ''; for (const b of bytes) s += String.fromCharCode(b); return btoa(s); };
  const fromB64 = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const listeners = new Set();
  let account = null;
  const makeAccount = (a) => a && Object.freeze({ address: a.address, publicKey: new Uint8Array(a.publicKey), chains: CHAINS, features: FEATURES });
  const emit = () => { for (const l of listeners) l({ accounts: wallet.accounts }); };
  const requireAccount = () => { if (!account) throw new Error('Test Wallet is not connected'); return account; };

  const wallet = {
    version: '1.0.0',
    name: NAME,
    icon: 'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="#38bdf8"/></svg>'),
    chains: CHAINS,
    get accounts() { return account ? [account] : []; },
    features: {
      'standard:connect': { version: '1.0.0', connect: async (input) => {
        const a = await window.__testWallet_connect(Boolean(input && input.silent));
        account = makeAccount(a);
        return { accounts: wallet.accounts };
      } },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => { await window.__testWallet_disconnect(); account = null; emit(); } },
      'standard:events': { version: '1.0.0', on: (event, listener) => { listeners.add(listener); return () => listeners.delete(listener); } },
      'solana:signIn': { version: '1.0.0', signIn: async (...inputs) => Promise.all(inputs.map(async (input) => {
        const out = await window.__testWallet_signIn(JSON.parse(JSON.stringify(input)));
        account = makeAccount(out.account);
        return { account, signedMessage: fromB64(out.signedMessage), signature: fromB64(out.signature), signatureType: 'ed25519' };
      })) },
      'solana:signMessage': { version: '1.0.0', signMessage: async (...inputs) => Promise.all(inputs.map(async (input) => {
        const signature = await window.__testWallet_signMessage(requireAccount().address, toB64(input.message));
        return { signedMessage: input.message, signature: fromB64(signature) };
      })) },
      'solana:signTransaction': { version: '1.0.0', supportedTransactionVersions: ['legacy', 0], signTransaction: async (...inputs) => Promise.all(inputs.map(async (input) => {
        const signed = await window.__testWallet_signTransaction(requireAccount().address, toB64(input.transaction));
        return { signedTransaction: fromB64(signed) };
      })) },
    },
  };

  // Called by the test (page.evaluate) after it switched keys: behave like a wallet whose user picked another account.
  window.__testWalletAccountChanged = async () => { account = makeAccount(await window.__testWallet_currentAccount()); emit(); };

  const callback = ({ register }) => register(wallet);
  try { window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback })); } catch {}
  try { window.addEventListener('wallet-standard:app-ready', ({ detail }) => callback(detail)); } catch {}
})();
`;
