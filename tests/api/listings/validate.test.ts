import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAddress } from '@server/rarity';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { createListing } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { leakedEncodings } from '@tests/helpers/key-encodings';

/** A real address whose estimated value is above zero and below the engine's cap. */
function moderateAddress(): string {
  for (;;) {
    const { address } = newKeypair();
    const value = analyzeAddress(address).estimatedValueLamports;
    if (value > 0n && value < 1_000_000_000_000n) return address;
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const validate = (payload: object) => t.app.inject({ method: 'POST', url: '/api/addresses/validate', payload });

describe('POST /api/addresses/validate', () => {
  it('scores a valid Solana address with the engine and reports grind figures', async () => {
    const address = 'So11111111111111111111111111111111111111112';
    const res = await validate({ address: `  ${address} `, network: 'solana' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isValid: true, network: 'solana', address, message: expect.any(String) });
    expect(body.rarityScore).toBeGreaterThan(5);
    expect(body.pattern).toBeTruthy();
    expect(body.expectedAttempts).toBeGreaterThan(1e6);
    expect(body.medianAttempts).toBeLessThan(body.expectedAttempts);
    expect(Number(body.estimatedValue)).toBeGreaterThan(0);
  });

  it('answers 200 with isValid false and the engine message for an invalid address', async () => {
    const res = await validate({ address: 'not-an-address-0OIl' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isValid: false, rarityScore: 0 });
    expect(res.json().message.length).toBeGreaterThan(0);
  });

  it.each([{}, { address: '' }, { address: '   ' }])(
    'refuses empty input %j with "Please enter an address"',
    async (payload) => {
      const res = await validate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Please enter an address' });
    },
  );

  it('uses the active baseValueMultiplier', async () => {
    const address = moderateAddress();
    const before = Number((await validate({ address })).json().estimatedValue);
    await t.database.query(
      "update algorithm_adjustments set base_value_multiplier = 1000 where network = 'solana' and is_active",
    );
    await t.database.query(
      "insert into algorithm_adjustments (network, base_value_multiplier) select 'solana', 1000 where not exists (select 1 from algorithm_adjustments where network = 'solana' and is_active)",
    );
    const after = Number((await validate({ address })).json().estimatedValue);
    expect(after).toBeGreaterThan(before);
  });

  it('rate-limits per IP', async () => {
    let last = 0;
    for (let i = 0; i < 125 && last !== 429; i++)
      last = (await validate({ address: 'abc', network: 'solana' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('POST /api/addresses/validate: one rarity and price story', () => {
  // Its own client address: the rate-limit test above spends this file's default budget.
  const ask = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/addresses/validate', payload, remoteAddress: '198.51.100.27' });

  /** A key whose last two characters occur nowhere else in it: declared, they are a plain 2-character suffix. */
  function twoCharSuffixKey() {
    for (;;) {
      const keypair = newKeypair();
      const tail = keypair.address.slice(-2);
      if (keypair.address.toLowerCase().indexOf(tail.toLowerCase()) === keypair.address.length - 2) return keypair;
    }
  }

  beforeAll(async () => {
    // Valued at multiplier 1: an earlier test calibrated the market at 1000×.
    await t.database.query('update algorithm_adjustments set is_active = false');
  });

  it("values a listed address by its listing's declared pattern: never 1 in 1, never 0 SOL", async () => {
    const keypair = twoCharSuffixKey();
    const pattern = keypair.address.slice(-2);
    await createListing(t, { keypair, pattern, price: '0.05' });

    const res = await ask({ address: keypair.address });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ isValid: true, pattern, tier: 'basic', rarityScore: 2.8 });
    expect(body.expectedAttempts).toBeCloseTo(3364, 6);
    expect(body.estimatedValue).toBe('0.001');
    expect(body.suggestedPrice).toBe('0.001');
  });

  it('values the pattern asked about, and quotes an order for it at the same price', async () => {
    const keypair = twoCharSuffixKey();
    const pattern = keypair.address.slice(-2);
    const plain = (await ask({ address: keypair.address })).json();
    const declared = (await ask({ address: keypair.address, pattern })).json();
    expect(declared.pattern).toBe(pattern);
    expect(declared.expectedAttempts).toBeCloseTo(3364, 6);
    expect(Number(declared.estimatedValue)).toBeGreaterThan(0);
    if (plain.pattern === null) expect(plain).toMatchObject({ estimatedValue: '0', tier: 'basic' });

    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { pattern, position: 'suffix', caseSensitive: true },
      remoteAddress: '198.51.100.27',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().price).toBe(declared.suggestedPrice);
    expect(quote.json().rarityScore).toBe(declared.rarityScore);
  });

  it('refuses a pattern that is not a string with a 400 naming the field', async () => {
    const res = await ask({ address: newKeypair().address, pattern: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: expect.stringContaining('pattern') });
  });
});

describe('POST /api/addresses/validate never echoes a pasted private key', () => {
  const kp = newKeypair();
  // Its own client address: the rest of this file already spends most of the per-IP validation budget.
  const validateFrom = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/addresses/validate', payload, remoteAddress: '198.51.100.9' });
  // The base58 seed is 32 bytes, the same shape as an address; it is refused elsewhere (it is not on the curve's
  // address list), but cannot be recognised by shape alone.
  const { base58Seed: _addressShaped, ...forms } = kp.forms;
  const cases = Object.entries({
    ...forms,
    hexSeedWith0x: `0x${kp.forms.hexSeed}`,
    prettyJson: JSON.stringify([...kp.secretKey], null, 2),
  });

  it.each(cases)('%s → 400 PRIVATE_KEY_PASTED, and no part of the key in the answer', async (_name, secret) => {
    for (const network of [undefined, 'solana', 'ethereum']) {
      const res = await validateFrom({ address: secret, ...(network ? { network } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('PRIVATE_KEY_PASTED');
      expect(res.json().message).toMatch(/Never paste a private key/);
      const compact = secret.replace(/\s/g, '');
      for (let i = 0; i + 12 <= compact.length; i += 6) expect(res.body).not.toContain(compact.slice(i, i + 12));
    }
  });

  it('still scores the address of that same keypair', async () => {
    const res = await validateFrom({ address: kp.address });
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe(kp.address);
  });
});

describe('POST /api/addresses/validate never echoes invalid input', () => {
  const kp = newKeypair();
  const validateFrom = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/addresses/validate', payload, remoteAddress: '198.51.100.10' });
  const b64url = Buffer.from(kp.secretKey).toString('base64url');
  const cases = Object.entries({
    plainTypo: 'not-an-address-0OIl',
    quotedBase58: `"${kp.forms.base58Secret}"`,
    base64url: b64url,
    quotedBase64url: `'${b64url}'`,
    jsonObject: JSON.stringify({ secretKey: [...kp.secretKey] }),
    jsonObjectOfBase58: JSON.stringify({ privateKey: kp.forms.base58Secret }),
  });

  it.each(cases)('%s: no part of it comes back, as `address` or anywhere', async (_name, input) => {
    const res = await validateFrom({ address: input });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json()).toMatchObject({ isValid: false, address: '' });
    expect(res.body).not.toContain(input.trim());
    expect(leakedEncodings(res.body, kp.secretKey)).toEqual([]);
    for (let i = 0; i + 12 <= input.length; i += 6) expect(res.body).not.toContain(input.slice(i, i + 12));
  });
});
