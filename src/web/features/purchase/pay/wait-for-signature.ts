import { createChainRpc } from '@chain/rpc/chain-rpc';
import type { PublicConfig } from '@shared/api/config';
import { signature as toSignature } from '@solana/kit';
import { absoluteRpcUrls } from '@web/features/wallet';

/** Polls start this long after sending when the WebSocket is up (it usually answers first), at once when not. */
export const SIGNATURE_POLL_MS = 2_000;
/** After this the server is told anyway: it, not the browser, decides whether the payment landed. */
export const SIGNATURE_WAIT_LIMIT_MS = 60_000;

export type SignatureSeenBy = 'subscription' | 'poll' | 'timeout';

/** `ws:`/`wss:` form of the config's PubSub URL; relative ones (local mode: '/rpc') resolve against the page. */
export function absoluteWsUrl(wsUrl: string): string {
  const url = new URL(wsUrl, window.location.origin);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  return url.toString();
}

/**
 * Resolves once the chain reports `signature` at `confirmed`, by the first of a `signatureSubscribe`
 * notification and a getSignatureStatuses poll, so the server is asked to verify the payment as soon as it can
 * see it. The WebSocket is the fast path; when the config names none, or it fails or closes before answering,
 * polling carries on alone. Never rejects; an abort stops everything and leaves the promise unsettled.
 */
export function waitForSignature(
  config: PublicConfig,
  signature: string,
  signal: AbortSignal,
): Promise<SignatureSeenBy> {
  const rpc = createChainRpc(absoluteRpcUrls(config.rpcUrls));
  return new Promise((resolve) => {
    let socket: WebSocket | undefined;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let done = false;
    let polling = false;
    const stop = () => {
      done = true;
      clearTimeout(pollTimer);
      clearTimeout(limit);
      if (!socket) return;
      socket.onmessage = socket.onerror = socket.onclose = null;
      // Closing a socket still connecting makes the browser log an error: close it once it opens instead.
      if (socket.readyState === WebSocket.CONNECTING) socket.onopen = () => socket?.close();
      else socket.close();
    };
    const finish = (by: SignatureSeenBy) => {
      if (done) return;
      stop();
      resolve(by);
    };
    const limit = setTimeout(() => finish('timeout'), SIGNATURE_WAIT_LIMIT_MS);
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });

    const poll = async () => {
      pollTimer = undefined;
      if (polling) return;
      polling = true;
      try {
        const { value } = await rpc.getSignatureStatuses([toSignature(signature)]).send();
        const status = value[0]?.confirmationStatus;
        if (status === 'confirmed' || status === 'finalized') return finish('poll');
      } catch {
        // An RPC hiccup is one missed poll, not a failed payment.
      } finally {
        polling = false;
      }
      if (!done) pollTimer = setTimeout(() => void poll(), SIGNATURE_POLL_MS);
    };
    const pollNow = () => {
      if (done) return;
      clearTimeout(pollTimer);
      void poll();
    };

    if (!config.wsUrl) return pollNow();
    pollTimer = setTimeout(() => void poll(), SIGNATURE_POLL_MS);
    try {
      socket = new WebSocket(absoluteWsUrl(config.wsUrl));
    } catch {
      return pollNow();
    }
    socket.onopen = () =>
      socket!.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'signatureSubscribe',
          params: [signature, { commitment: 'confirmed' }],
        }),
      );
    socket.onmessage = (event) => {
      let message: { method?: string; error?: unknown };
      try {
        message = JSON.parse(String(event.data)) as typeof message;
      } catch {
        return pollNow();
      }
      if (message.method === 'signatureNotification') finish('subscription');
      else if (message.error) pollNow();
    };
    socket.onerror = pollNow;
    socket.onclose = pollNow;
  });
}
