import { getAddressFromPublicKey } from '@solana/kit';

/*
 * THROWAWAY LOCAL-CHAIN WALLET — local mode only. Its ed25519 secret key sits in this browser's localStorage
 * in clear text so the wallet survives reloads. It holds only faucet SOL on the embedded validator; it is
 * never offered when the server runs against devnet, testnet or mainnet.
 */
const STORAGE_KEY = 'vanityVault.localDevWallet.throwawayLocalChainKey.v1';

interface StoredRecord {
  /** JWK of the extractable Ed25519 private key (its `x` member is the public key). */
  jwk: JsonWebKey;
  airdropped?: boolean;
  /** Connected before and not disconnected since: a silent connect may succeed. */
  authorized?: boolean;
}

export interface LocalKeypair {
  keyPair: CryptoKeyPair;
  address: string;
  publicKey: Uint8Array;
}

function readRecord(): StoredRecord | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredRecord) : null;
  } catch {
    return null;
  }
}

export function updateRecord(patch: Partial<Omit<StoredRecord, 'jwk'>>) {
  const record = readRecord();
  if (record) localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...record, ...patch }));
}

export const recordFlags = () => ({
  airdropped: readRecord()?.airdropped === true,
  authorized: readRecord()?.authorized === true,
});

async function importKeypair(jwk: JsonWebKey): Promise<CryptoKeyPair> {
  const privateKey = await crypto.subtle.importKey('jwk', jwk, 'Ed25519', true, ['sign']);
  const publicKey = await crypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'Ed25519', true, [
    'verify',
  ]);
  return { privateKey, publicKey };
}

/** Loads the stored keypair or creates one (extractable, so it can be kept across reloads). */
export async function loadOrCreateKeypair(): Promise<LocalKeypair> {
  let record = readRecord();
  let keyPair: CryptoKeyPair | null = null;
  if (record) keyPair = await importKeypair(record.jwk).catch(() => null);
  if (!keyPair) {
    keyPair = (await crypto.subtle.generateKey('Ed25519', true, ['sign', 'verify'])) as CryptoKeyPair;
    record = { jwk: await crypto.subtle.exportKey('jwk', keyPair.privateKey) };
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  }
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keyPair.publicKey));
  return { keyPair, address: await getAddressFromPublicKey(keyPair.publicKey), publicKey };
}
