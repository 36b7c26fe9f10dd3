import { randomBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from '@shared/keys/base58';
import { FINISH_LATER_WARNING, readFinishLaterFile, writeFinishLaterFile } from './finish-later-file';
import { randomScalar } from './base-scalar';
import { freshNoncePrefix } from './raw-scalar-signer';

describe('the finish-later file', () => {
  it('reads back what was written, before and after the order and address are known', () => {
    const contents = { baseScalar: randomScalar(), noncePrefix: freshNoncePrefix(), orderId: null, address: null };
    const early = writeFinishLaterFile(contents);
    expect(readFinishLaterFile(early)).toEqual({ ok: true, contents });
    const later = {
      ...contents,
      orderId: 'b3c1c0de-0000-4000-8000-000000000000',
      address: encodeBase58(randomBytes(32)),
    };
    expect(readFinishLaterFile(writeFinishLaterFile(later))).toEqual({ ok: true, contents: later });
  });

  it('says in a field that it is not a wallet key', () => {
    const json = JSON.parse(
      writeFinishLaterFile({ baseScalar: 5n, noncePrefix: freshNoncePrefix(), orderId: null, address: null }),
    ) as Record<string, unknown>;
    expect(json.warning).toBe(FINISH_LATER_WARNING);
    expect(FINISH_LATER_WARNING).toMatch(/NOT A WALLET KEY/);
    // Hex, not base58: a wallet's import field would not take it.
    expect(json.baseScalar).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a damaged or foreign file', () => {
    const good = JSON.parse(
      writeFinishLaterFile({
        baseScalar: randomScalar(),
        noncePrefix: freshNoncePrefix(),
        orderId: null,
        address: null,
      }),
    ) as Record<string, unknown>;
    const bad = (change: Record<string, unknown>) => readFinishLaterFile(JSON.stringify({ ...good, ...change })).ok;
    expect(bad({})).toBe(true);
    expect(readFinishLaterFile('{').ok).toBe(false);
    expect(bad({ format: 'solana-keypair' })).toBe(false);
    expect(bad({ version: 2 })).toBe(false);
    expect(bad({ baseScalar: '00'.repeat(32) })).toBe(false); // zero is no key
    expect(bad({ baseScalar: 'ff'.repeat(32) })).toBe(false); // above L
    expect(bad({ baseScalar: '01' + '00'.repeat(31) })).toBe(false); // a scalar, but not the one of basePoint
    expect(bad({ noncePrefix: 'ab' })).toBe(false);
    expect(bad({ extra: 1 })).toBe(false);
  });
});
