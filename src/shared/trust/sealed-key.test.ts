import { describe, expect, it } from 'vitest';
import { newRecipientKeyPair, openSealedKey, sealKey } from './sealed-key';

const purchase = {
  transactionId: '7b0e8a54-9f4e-4b8e-9a57-0d3f8f9b2c11',
  address: 'So11111111111111111111111111111111111111112',
};
const secret = new TextEncoder().encode('the secret key, base58');

describe('sealed key delivery', () => {
  it('opens with the recipient key and the same purchase', async () => {
    const recipient = newRecipientKeyPair();
    const sealed = await sealKey({ recipientPublicKey: recipient.publicKey, plaintext: secret, ...purchase });
    expect(Buffer.from(sealed.ciphertext, 'base64').includes(Buffer.from(secret))).toBe(false);
    const opened = await openSealedKey({ sealed, recipientSecretKey: recipient.secretKey, ...purchase });
    expect(new TextDecoder().decode(opened)).toBe('the secret key, base58');
  });

  it('does not open with another key, another purchase or a changed byte', async () => {
    const recipient = newRecipientKeyPair();
    const sealed = await sealKey({ recipientPublicKey: recipient.publicKey, plaintext: secret, ...purchase });
    const stranger = newRecipientKeyPair();
    await expect(openSealedKey({ sealed, recipientSecretKey: stranger.secretKey, ...purchase })).rejects.toThrow();
    await expect(
      openSealedKey({ sealed, recipientSecretKey: recipient.secretKey, ...purchase, address: 'other' }),
    ).rejects.toThrow();
    await expect(
      openSealedKey({ sealed, recipientSecretKey: recipient.secretKey, ...purchase, transactionId: 'other' }),
    ).rejects.toThrow();
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0]! ^= 1;
    const changed = { ...sealed, ciphertext: bytes.toString('base64') };
    await expect(
      openSealedKey({ sealed: changed, recipientSecretKey: recipient.secretKey, ...purchase }),
    ).rejects.toThrow();
  });
});
