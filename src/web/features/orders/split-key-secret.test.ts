import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeBase58 } from '@shared/keys/base58';
import { encodeTweak, randomScalar, tweakedScalar } from '@shared/split-key';
import type { Order } from '@shared/api/orders';
import { describe, expect, it } from 'vitest';
import { completeSplitKey, finishLaterText, newSplitKeySecret, secretFromFile } from './split-key-secret';

const ID = '00000000-0000-4000-8000-000000000029';

/** A delivered split-key order for `secret`: the shop's t, and the address a + t gives. */
function delivered(secret: ReturnType<typeof newSplitKeySecret>) {
  const t = randomScalar();
  const address = encodeBase58(ed25519.Point.BASE.multiply(tweakedScalar(secret.scalar, t)).toBytes());
  const order: Pick<Order, 'id' | 'lane' | 'basePoint' | 'tweak' | 'address'> = {
    id: ID,
    lane: 'split-key',
    basePoint: secret.basePoint,
    tweak: encodeTweak(t),
    address,
  };
  return order;
}

describe('split-key secret in the page', () => {
  it('completes a delivered order: a + t controls the address, and the signer is that address', () => {
    const secret = newSplitKeySecret();
    const order = delivered(secret);
    const done = completeSplitKey(secret, order);
    expect(done.ok && done.signer.address).toBe(order.address);
  });

  it('refuses a file whose P is not the order base point, naming both', () => {
    const other = newSplitKeySecret();
    const order = delivered(newSplitKeySecret());
    const done = completeSplitKey(other, order);
    expect(done).toEqual({
      ok: false,
      problem: `This file's secret is not the one this order was placed with: its P is ${other.basePoint}, the order's is ${order.basePoint}.`,
    });
  });

  it('refuses a tweak that does not complete the key, before signing anything', () => {
    const secret = newSplitKeySecret();
    const order = { ...delivered(secret), tweak: encodeTweak(randomScalar()) };
    const done = completeSplitKey(secret, order);
    expect(done.ok).toBe(false);
    expect(!done.ok && done.problem).toContain('a + t does not give');
  });

  it('refuses a file written for another order, and an order not yet delivered', () => {
    const secret = newSplitKeySecret();
    const order = delivered(secret);
    expect(completeSplitKey(secret, order, '00000000-0000-4000-8000-000000000001')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('belongs to another order'),
    });
    expect(completeSplitKey(secret, { ...order, tweak: null, address: null })).toEqual({
      ok: false,
      problem: 'The shop has not delivered this address yet.',
    });
  });

  it('round-trips the finish-later file, warning and all, and reads the same secret back', () => {
    const secret = newSplitKeySecret();
    const order = delivered(secret);
    const text = finishLaterText(secret, order);
    expect(text).toContain('NOT A WALLET KEY');
    const read = secretFromFile(text);
    expect(read.ok && read.orderId).toBe(ID);
    expect(read.ok && read.secret.basePoint).toBe(secret.basePoint);
    expect(read.ok && completeSplitKey(read.secret, order, read.orderId).ok).toBe(true);
    expect(secretFromFile('{"hello": 1}')).toMatchObject({ ok: false });
    expect(secretFromFile('not json')).toMatchObject({ ok: false, problem: expect.stringContaining('not JSON') });
  });
});
