import { encodeBase58 } from '@shared/keys/base58';
import { addressBytes } from '@shared/keys/base58';
import { seedAddressBytes } from '@shared/seed-address/seed-address';
import { checkBasePoint } from '@shared/split-key/base-point';
import { encodeTweak, tweakedPoint } from '@shared/split-key/tweak';
import type { Db } from '../../db/database';
import { recordAudit } from '../audit';
import { settlementRepository } from '../settlement';
import { receiptsRepository, type Attestation } from '../trust';
import { matcherOf } from './grind-match';
import type { SeedDerivedHit, SplitKeyHit } from './grind-pool';
import { ordersRepository, type OrderRow } from './orders.repository';

export interface DeliverDeps {
  db: Db;
  attestation?: Attestation | undefined;
  now(): Date;
}

/**
 * The address a split-key or seed-derived find stands for, recomputed here from the order's own inputs rather than
 * taken from the worker: P + t·G, or SHA-256(base ‖ seed ‖ owner). Throws when it does not match the order.
 */
function deliveredAddress(order: OrderRow, hit: SplitKeyHit | SeedDerivedHit): { address: string; proof: Proof } {
  let bytes: Uint8Array;
  let proof: Proof;
  if ('tweak' in hit) {
    const check = checkBasePoint(order.basePoint!);
    if (!check.ok) throw new Error(`order ${order.id}: its base point no longer checks`);
    bytes = tweakedPoint(check.point, hit.tweak).toBytes();
    proof = { basePoint: order.basePoint!, tweak: encodeTweak(hit.tweak) };
  } else {
    bytes = seedAddressBytes(addressBytes(order.seedBase!)!, hit.seed, addressBytes(order.seedOwner!)!);
    proof = { base: order.seedBase!, seed: hit.seed, owner: order.seedOwner! };
  }
  const address = encodeBase58(bytes);
  if (address !== hit.address) throw new Error(`order ${order.id}: the grinder's find does not give its address`);
  if (!matcherOf(order)(address)) throw new Error(`order ${order.id}: the address does not match the order`);
  return { address, proof };
}

type Proof = { basePoint: string; tweak: string } | { base: string; seed: string; owner: string };

/**
 * A paid-up-front order's find (DESIGN.md §14), only while this instance still holds its lease: the order is
 * `delivered` with the address and its public proof, its held payment becomes the sale, and the signed delivery
 * receipt is issued, all in one transaction. Nothing secret exists here: t and the seed control nothing alone. The
 * payout is sent by the order's next settlement pass, started by the caller.
 */
export async function deliverLaneMatch(
  deps: DeliverDeps,
  order: OrderRow,
  owner: string,
  hit: SplitKeyHit | SeedDerivedHit,
  attempts: number,
): Promise<'found' | 'lost'> {
  const { address, proof } = deliveredAddress(order, hit);
  return deps.db.transaction(async (tx) => {
    const held = await ordersRepository.lockHeld(tx, order.id, owner);
    if (!held?.paymentSignature || !held.escrow) return 'lost';
    const now = deps.now();
    await ordersRepository.update(tx, order.id, 'grinding', {
      status: 'delivered',
      foundAddress: address,
      ...('tweak' in proof ? { tweak: proof.tweak } : { seed: proof.seed }),
      attempts: held.attempts + BigInt(Math.round(attempts)),
      foundAt: now,
      finishedAt: now,
      leaseOwner: null,
      leaseUntil: null,
    });
    await settlementRepository.decide(tx, held.escrow, held.paymentSignature, { purpose: 'sale' });
    const buyer = await ordersRepository.requesterWallet(tx, held.requesterId);
    if (deps.attestation) {
      const receipt = deps.attestation.sign({
        type: 'vanity-vault/order-delivery/v1',
        orderId: held.id,
        lane: held.lane as 'split-key' | 'seed-derived',
        address,
        ...proof,
        keyHeldByShop: 'never',
        paymentSignature: held.paymentSignature,
        escrow: held.escrow,
        priceLamports: held.price.toString(),
        buyer: buyer ?? '',
        cluster: deps.attestation.cluster,
        issuedAt: now.toISOString(),
      });
      await receiptsRepository.insertForOrder(tx, held.id, receipt);
    }
    await recordAudit(tx, {
      action: 'order.delivered',
      performedBy: 'system',
      metadata: { orderId: held.id, lane: held.lane, address, escrow: held.escrow },
    });
    return 'found';
  });
}
