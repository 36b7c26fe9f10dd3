import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, bytesToNumberLE, hexToBytes, numberToBytesLE } from '@noble/curves/utils.js';
import { z } from 'zod';
import { isSolanaAddress } from '@shared/keys/base58';
import { basePointText } from './base-point';
import { NONCE_PREFIX_BYTES } from './raw-scalar-signer';

/**
 * The file a split-key buyer may download before paying ("to finish later or use in your own tool"): the base
 * scalar a, the fresh nonce prefix its signer will use, and, once known, the order and the address. It is the only
 * copy of a outside the page's memory. Scalars are hex, not base58, on purpose: wallets' import fields take base58
 * (or a JSON byte array), so this cannot be pasted into one by mistake, and the `warning` field says why not.
 */
export const FINISH_LATER_FORMAT = 'vanity-vault/split-key-finish-later';
export const FINISH_LATER_WARNING =
  'NOT A WALLET KEY. No wallet can import this: it is a raw Ed25519 scalar, not a 32-byte seed. It signs the ' +
  'one transaction that creates your split-key account. Keep it private until then; anyone holding it and the ' +
  "order's tweak controls the address.";

const L = ed25519.Point.Fn.ORDER;
const hex32 = z.string().regex(/^[0-9a-f]{64}$/, '32 bytes as 64 lowercase hex digits');

const schema = z
  .object({
    format: z.literal(FINISH_LATER_FORMAT),
    version: z.literal(1),
    warning: z.string(),
    /** a, 32 little-endian bytes. */
    baseScalar: hex32,
    /** P = a·G, base58: what the order was placed with. */
    basePoint: z.string().refine(isSolanaAddress, 'a base58 point'),
    noncePrefix: hex32,
    /** Filled in when the order exists. */
    orderId: z.string().min(1).nullable(),
    /** Filled in when the address is found. */
    address: z.string().refine(isSolanaAddress, 'a base58 address').nullable(),
  })
  .strict();

export type FinishLaterFile = z.infer<typeof schema>;

export interface FinishLaterContents {
  baseScalar: bigint;
  noncePrefix: Uint8Array;
  orderId: string | null;
  address: string | null;
}

export function writeFinishLaterFile(contents: FinishLaterContents): string {
  if (contents.baseScalar <= 0n || contents.baseScalar >= L) throw new RangeError('the scalar must be in [1, L)');
  if (contents.noncePrefix.length !== NONCE_PREFIX_BYTES) throw new RangeError('the nonce prefix is 32 bytes');
  const file: FinishLaterFile = {
    format: FINISH_LATER_FORMAT,
    version: 1,
    warning: FINISH_LATER_WARNING,
    baseScalar: bytesToHex(numberToBytesLE(contents.baseScalar, 32)),
    basePoint: encodePoint(contents.baseScalar),
    noncePrefix: bytesToHex(contents.noncePrefix),
    orderId: contents.orderId,
    address: contents.address,
  };
  return JSON.stringify(file, null, 2);
}

export type FinishLaterRead = { ok: true; contents: FinishLaterContents } | { ok: false; problem: string };

/** Parses a downloaded file and checks it is whole: the scalar is in range and gives the recorded base point. */
export function readFinishLaterFile(text: string): FinishLaterRead {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'not JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return { ok: false, problem: parsed.error.issues.map((i) => i.path.join('.') || i.message).join(', ') };
  const file = parsed.data;
  const baseScalar = bytesToNumberLE(hexToBytes(file.baseScalar));
  if (baseScalar <= 0n || baseScalar >= L) return { ok: false, problem: 'baseScalar is not a scalar in [1, L)' };
  if (encodePoint(baseScalar) !== file.basePoint) return { ok: false, problem: 'baseScalar does not give basePoint' };
  return {
    ok: true,
    contents: { baseScalar, noncePrefix: hexToBytes(file.noncePrefix), orderId: file.orderId, address: file.address },
  };
}

function encodePoint(scalar: bigint): string {
  return basePointText(ed25519.Point.BASE.multiply(scalar));
}
