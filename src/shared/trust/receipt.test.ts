import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { canonicalBytes, canonicalJson, verifyReceipt } from './receipt';
import type { ReceiptStatement } from './receipt-schema';

const statement: ReceiptStatement = {
  type: 'vanity-vault/destroy-receipt/v1',
  address: 'So11111111111111111111111111111111111111112',
  transactionId: '7b0e8a54-9f4e-4b8e-9a57-0d3f8f9b2c11',
  destroyedAt: '2026-01-01T00:00:00.000Z',
  statement: 'The vault no longer holds the private key of this address.',
  cluster: 'local',
  issuedAt: '2026-01-01T00:00:00.000Z',
};

describe('receipts', () => {
  it('canonical JSON sorts keys and has no whitespace', () => {
    expect(canonicalJson({ b: '2', a: '1' })).toBe('{"a":"1","b":"2"}');
  });

  it('verifies a receipt signed by the published key, and nothing else', () => {
    const seed = ed25519.utils.randomSecretKey();
    const signer = getBase58Decoder().decode(ed25519.getPublicKey(seed));
    const signature = Buffer.from(ed25519.sign(canonicalBytes(statement), seed)).toString('base64');
    const receipt = { statement, signature, signer };
    expect(verifyReceipt(JSON.stringify(receipt), signer)).toEqual({ ok: true, statement });
    expect(verifyReceipt({ ...receipt, statement: { ...statement, address: 'x' } }, signer).ok).toBe(false);
    const other = getBase58Decoder().decode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    expect(verifyReceipt({ ...receipt, signer: other }, other).ok).toBe(false);
    expect(verifyReceipt(receipt, other).ok).toBe(false);
    expect(verifyReceipt('{not json', signer).ok).toBe(false);
  });
});
