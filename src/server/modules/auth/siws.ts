import { randomInt } from 'node:crypto';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getAddressEncoder, type Address } from '@solana/kit';
import { createSignInMessageText } from '@solana/wallet-standard-util';
import type { SolanaCluster } from '@shared/api/config';
import type { SignInInput } from '@shared/api/auth';

/** Pure Sign-In With Solana helpers: the input the server issues, its text, and the signature check. */

export const SIGN_IN_STATEMENT =
  'Sign in to Vanity Vault. This request will not trigger a blockchain transaction or cost any fees.';
export const SIGN_IN_VERSION = '1';
/** docs/domain.md#sign-in-sessions-and-roles: a challenge expires at most 10 minutes after it is issued. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

const CHAIN_IDS: Record<SolanaCluster, string> = {
  local: 'solana:localnet',
  devnet: 'solana:devnet',
  testnet: 'solana:testnet',
  'mainnet-beta': 'solana:mainnet',
};

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 alphanumerics from the CSPRNG (about 143 bits); randomInt avoids modulo bias. */
export function newNonce(length = 24): string {
  let nonce = '';
  for (let i = 0; i < length; i++) nonce += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return nonce;
}

/** Where the sign-in happens: `publicOrigin` is the origin of the page that asked (see auth.routes). */
export interface SignInSite {
  publicOrigin: string;
  cluster: SolanaCluster;
}

/** The input for one issued nonce. The server rebuilds it from its own record at verify time. */
export function buildSignInInput(
  site: SignInSite,
  issued: { address: string; nonce: string; issuedAt: Date; expiresAt: Date },
): SignInInput {
  return {
    // SIWS domain is the RFC 3986 authority (host and port), which wallets compare with the page's origin.
    domain: new URL(site.publicOrigin).host,
    address: issued.address,
    statement: SIGN_IN_STATEMENT,
    uri: site.publicOrigin,
    version: SIGN_IN_VERSION,
    chainId: CHAIN_IDS[site.cluster],
    nonce: issued.nonce,
    issuedAt: issued.issuedAt.toISOString(),
    expirationTime: issued.expiresAt.toISOString(),
  };
}

/** The Wallet Standard `solana:signIn` text for an input: what the wallet shows and signs. */
export function signInMessageText(input: SignInInput): string {
  return createSignInMessageText(input);
}

/** ed25519 over the exact bytes, by the address's public key. Strict RFC 8032 (no ZIP-215 leniency). */
export function isValidSignature(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    const publicKey = getAddressEncoder().encode(address as Address);
    return ed25519.verify(signature, message, Uint8Array.from(publicKey), { zip215: false });
  } catch {
    return false;
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
