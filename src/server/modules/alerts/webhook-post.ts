import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTarget } from './webhook-url';

export const WEBHOOK_TIMEOUT_MS = 5_000;

/** `sha256=<hex HMAC-SHA256 of the raw body>`: what X-VanityVault-Signature carries, and what a receiver recomputes. */
export const signatureOf = (secret: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export type PostResult = { statusCode: number } | { error: string };

/**
 * POSTs `body` to the checked target. The connection goes to `target.connectTo`, the address the guard checked,
 * through a lookup that answers only it: a second DNS answer could be 127.0.0.1 (rebinding). TLS still verifies the
 * certificate against the URL's host name. Redirects are not followed (node:http never does): a 3xx is a failure, as
 * a redirect to an internal address would otherwise get around the guard.
 */
export function postSigned(target: WebhookTarget, body: string, headers: Record<string, string>): Promise<PostResult> {
  const { address, family } = target.connectTo;
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        // No pooled socket: each delivery connects to the address just checked.
        agent: false,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        // The status is the answer; the body is not read (a receiver could stream forever).
        resolve({ statusCode: res.statusCode ?? 0 });
        res.destroy();
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ error: err.name === 'AbortError' ? 'timed out' : (err.code ?? err.message).slice(0, 200) }),
    );
    req.end(body);
  });
}
