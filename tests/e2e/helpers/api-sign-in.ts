import type { TestKeypair } from '@tests/helpers/keypair';

/**
 * Signs `key` in through the server's Sign-In With Solana API (challenge, then the signed message) and returns the
 * session cookie's `name=value`, for set-up done over HTTP rather than through the page.
 */
export async function sessionCookie(baseUrl: string, key: TestKeypair): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(body),
    });
  const challenge = (await (await post('/api/auth/challenge', { address: key.address })).json()) as {
    input: unknown;
    message: string;
  };
  const message = new TextEncoder().encode(challenge.message);
  const res = await post('/api/auth/verify', {
    input: challenge.input,
    signedMessage: Buffer.from(message).toString('base64'),
    signature: Buffer.from(key.sign(message)).toString('base64'),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vv_session='))
    ?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}
