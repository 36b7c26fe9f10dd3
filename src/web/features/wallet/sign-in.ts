import {
  SolanaSignIn,
  SolanaSignMessage,
  type SolanaSignInFeature,
  type SolanaSignMessageFeature,
} from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import {
  StandardConnect,
  StandardDisconnect,
  type StandardConnectFeature,
  type StandardDisconnectFeature,
} from '@wallet-standard/features';
import { bytesToBase64 } from '@web/lib/base64';
import type { SessionResponse as Session } from '@shared/api/auth';
import { createChallenge } from './api/create-challenge';
import { verifySignIn } from './api/verify-sign-in';
import { firstSolanaAccount } from './wallet-discovery';

function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined;
}

/** standard:connect; `silent` asks a wallet that already trusts this site not to show a prompt. */
export async function connectWallet(wallet: Wallet, silent = false): Promise<WalletAccount | null> {
  const connect = feature<StandardConnectFeature[typeof StandardConnect]>(wallet, StandardConnect);
  if (!connect) throw new Error(`${wallet.name} cannot connect`);
  const { accounts } = await connect.connect(silent ? { silent: true } : undefined);
  return firstSolanaAccount(accounts);
}

export async function disconnectWallet(wallet: Wallet): Promise<void> {
  await feature<StandardDisconnectFeature[typeof StandardDisconnect]>(wallet, StandardDisconnect)?.disconnect();
}

/**
 * Sign-In With Solana, one signature prompt (docs/domain.md#sign-in-sessions-and-roles): the server's challenge is
 * signed with `solana:signIn` when the wallet has it, else its exact text with `solana:signMessage`; the server checks
 * nonce, text and signature and answers with the session (cookie set by the response).
 */
export async function signInWithWallet(wallet: Wallet, account: WalletAccount): Promise<Session> {
  const { input, message } = await createChallenge({ address: account.address });

  const signIn = feature<SolanaSignInFeature[typeof SolanaSignIn]>(wallet, SolanaSignIn);
  const signMessage = feature<SolanaSignMessageFeature[typeof SolanaSignMessage]>(wallet, SolanaSignMessage);
  let signed: { signedMessage: Uint8Array; signature: Uint8Array } | undefined;

  if (signIn) {
    const [output] = await signIn.signIn(input);
    // A wallet may let the user pick another account in its prompt; the challenge is bound to this one.
    if (output && output.account.address !== account.address) {
      throw new Error('The wallet signed in with a different account');
    }
    signed = output;
  } else if (signMessage) {
    [signed] = await signMessage.signMessage({ account, message: new TextEncoder().encode(message) });
  } else {
    throw new Error(`${wallet.name} cannot sign messages`);
  }
  if (!signed) throw new Error('The wallet returned no signature');

  return verifySignIn({
    input,
    signedMessage: bytesToBase64(signed.signedMessage),
    signature: bytesToBase64(signed.signature),
  });
}
