import type { Order } from '@shared/api/orders';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';
import { ed25519 } from '@noble/curves/ed25519.js';
import {
  asPartialSigner,
  basePointText,
  createRawScalarSigner,
  decodeTweak,
  freshNoncePrefix,
  newBaseKey,
  readFinishLaterFile,
  scalarControls,
  tweakedScalar,
  writeFinishLaterFile,
} from '@shared/split-key';
import type { TransactionPartialSigner } from '@solana/kit';

/**
 * A split-key order's secret half (DESIGN.md §14): the scalar a and the nonce prefix its signer uses. It lives only
 * in the page's memory (React state, and the in-memory map below while the tab is open), and in the finish-later
 * file if the buyer downloads it: never in localStorage, sessionStorage, the URL, a query cache or a log.
 */
export interface SplitKeySecret {
  readonly scalar: bigint;
  readonly noncePrefix: Uint8Array;
  /** P = a·G, base58: what the order carries. */
  readonly basePoint: string;
}

export function newSplitKeySecret(): SplitKeySecret {
  const { scalar, basePoint } = newBaseKey();
  return { scalar, noncePrefix: freshNoncePrefix(), basePoint: encodeBase58(basePoint) };
}

/** The finish-later file's text, with the order and its address once they are known. */
export const finishLaterText = (secret: SplitKeySecret, order?: Pick<Order, 'id' | 'address'> | null) =>
  writeFinishLaterFile({
    baseScalar: secret.scalar,
    noncePrefix: secret.noncePrefix,
    orderId: order?.id ?? null,
    address: order?.address ?? null,
  });

export type SecretFromFile =
  { ok: true; secret: SplitKeySecret; orderId: string | null } | { ok: false; problem: string };

/** Reads a finish-later file the buyer opened; the problem is for people. */
export function secretFromFile(text: string): SecretFromFile {
  const read = readFinishLaterFile(text);
  if (!read.ok) return { ok: false, problem: `This is not a Vanity Vault finish-later file (${read.problem}).` };
  const { baseScalar, noncePrefix, orderId } = read.contents;
  const basePoint = basePointText(ed25519.Point.BASE.multiply(baseScalar));
  return { ok: true, secret: { scalar: baseScalar, noncePrefix, basePoint }, orderId };
}

export type SplitKeyCompletion = { ok: true; signer: TransactionPartialSigner } | { ok: false; problem: string };

/**
 * a' = a + t for a delivered split-key order, checked before anything is signed: the secret must be the one the
 * order was placed with (its P is the order's basePoint), and a'·G must be the order's address. The signer co-signs
 * the transaction that creates the account.
 */
export function completeSplitKey(
  secret: SplitKeySecret,
  order: Pick<Order, 'id' | 'lane' | 'basePoint' | 'tweak' | 'address'>,
  fileOrderId: string | null = null,
): SplitKeyCompletion {
  if (order.lane !== 'split-key') return { ok: false, problem: 'This order is not a split-key order.' };
  if (fileOrderId !== null && fileOrderId !== order.id)
    return { ok: false, problem: `This file belongs to another order (${fileOrderId}), not to this one.` };
  if (secret.basePoint !== order.basePoint)
    return {
      ok: false,
      problem: `This file's secret is not the one this order was placed with: its P is ${secret.basePoint}, the order's is ${order.basePoint ?? 'missing'}.`,
    };
  if (!order.address || !order.tweak) return { ok: false, problem: 'The shop has not delivered this address yet.' };
  const t = decodeTweak(order.tweak);
  const address = decodeBase58(order.address);
  if (t === null || !address) return { ok: false, problem: 'The order’s tweak or address is not well formed.' };
  const scalar = tweakedScalar(secret.scalar, t);
  if (!scalarControls(scalar, address))
    return {
      ok: false,
      problem: `a + t does not give ${order.address}: the shop's tweak does not complete your key. Nothing was signed.`,
    };
  return { ok: true, signer: asPartialSigner(createRawScalarSigner(scalar, secret.noncePrefix)) };
}

// Placed orders' secrets, in this tab's memory only, so moving between the app's pages keeps them until a reload.
const placed = new Map<string, SplitKeySecret>();
export const rememberSecret = (orderId: string, secret: SplitKeySecret) => void placed.set(orderId, secret);
export const recallSecret = (orderId: string): SplitKeySecret | null => placed.get(orderId) ?? null;
