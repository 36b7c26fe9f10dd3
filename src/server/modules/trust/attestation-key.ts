import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';
import { createKeyFileOnce } from '../vault';

export const ATTESTATION_KEY_FILE = 'attestation.key';

export class AttestationKeyError extends Error {
  override readonly name = 'AttestationKeyError';
}

/**
 * The 32-byte ed25519 seed of ATTESTATION_KEY: base58 or a JSON byte array, of a 64-byte Solana secret key (seed
 * then public key, checked to match) or of a bare 32-byte seed. The message never echoes the value.
 */
export function parseAttestationKey(text: string): Uint8Array {
  const trimmed = text.trim();
  let bytes: Uint8Array | null = null;
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed) && parsed.every((n) => Number.isInteger(n) && n >= 0 && n <= 255)) {
        bytes = Uint8Array.from(parsed as number[]);
      }
    } catch {
      bytes = null;
    }
  } else {
    bytes = decodeBase58(trimmed);
  }
  if (!bytes || (bytes.length !== 32 && bytes.length !== 64)) {
    throw new AttestationKeyError('ATTESTATION_KEY must be a 64-byte secret key or 32-byte seed, base58 or JSON array');
  }
  const seed = bytes.slice(0, 32);
  if (bytes.length === 64) {
    const derived = ed25519.getPublicKey(seed);
    if (!derived.every((b, i) => b === bytes[32 + i])) {
      throw new AttestationKeyError('ATTESTATION_KEY: its second half is not the public key of its first half');
    }
  }
  bytes.fill(0);
  return seed;
}

/**
 * ATTESTATION_KEY when set; otherwise, in local mode only, DATA_DIR/attestation.key, generated once with owner-only
 * mode (created exclusively, so two processes never make two keys). Receipts signed by a lost key still verify
 * against its published public key, but a new key means the shop must publish the new one.
 */
export async function loadAttestationKey(
  source: { attestationKey?: string | undefined; isLocal: boolean; dataDir: string },
  warn: (message: string) => void = () => {},
): Promise<Uint8Array> {
  if (source.attestationKey) return parseAttestationKey(source.attestationKey);
  if (!source.isLocal) throw new AttestationKeyError('ATTESTATION_KEY is required outside local mode');
  const file = path.join(source.dataDir, ATTESTATION_KEY_FILE);
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(source.dataDir, { recursive: true });
  const seed = ed25519.utils.randomSecretKey();
  const secret = new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]);
  try {
    const theirs = await createKeyFileOnce(file, `${encodeBase58(secret)}\n`, readKeyFile);
    if (theirs) return theirs;
  } finally {
    secret.fill(0);
  }
  warn(`Generated a receipt attestation key in ${file} (local mode). Set ATTESTATION_KEY outside local mode.`);
  return seed;
}

async function readKeyFile(file: string): Promise<Uint8Array | null> {
  try {
    return parseAttestationKey(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
