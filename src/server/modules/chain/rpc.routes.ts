import type { LocalValidator } from '@local-chain';
import { Readable } from 'node:stream';
import { attachPubSub, serializeAnswer, tooManyRequests } from '@local-chain';
import { ErrorCode } from '@shared/api/errors';
import { crashPoint } from '@server/config/crash-point';
import { AppError } from '../../http/app-error';
import { enforceRateLimits, type RateLimitRule } from '../../http/rate-limit';
import type { AppInstance } from '../../types';
import { AIRDROP_RATE_LIMIT } from './faucet-limit';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '86400',
};

/**
 * The embedded validator's JSON-RPC endpoint (local mode only), so the browser's wallet code, kit and any Solana
 * tool talk to it exactly as to a public RPC: only the URL differs. Answers are JSON-RPC bodies, errors included.
 * PubSub is served on the same path's WebSocket upgrade. CORS is open: an explorer page on another origin reads
 * it, and nothing here is private; requiring a JSON content type is what keeps cross-site forms (text/plain,
 * no preflight) from reaching it.
 */
export async function localRpcRoutes(app: AppInstance, opts: { validator: LocalValidator }): Promise<void> {
  // The airdrop counter is the one /api/dev/airdrop uses: two doors to one faucet share one limit.
  const airdropRules: RateLimitRule[] = [{ ...AIRDROP_RATE_LIMIT, keyBy: 'ip' }];

  app.options('/rpc', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(CORS_HEADERS).code(204).send(),
  );

  app.post('/rpc', { schema: { hide: true } }, async (request, reply) => {
    reply.headers(CORS_HEADERS);
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') {
      throw new AppError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Send JSON-RPC requests as application/json.');
    }
    // Charged per requestAirdrop call, batches included (per HTTP request, a batch of 100 airdrops cost one).
    let refused: AppError | undefined;
    const admit = async (method: string) => {
      if (method !== 'requestAirdrop') return;
      try {
        await enforceRateLimits(request, reply, airdropRules, () => undefined);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode !== 429) throw err;
        refused = err;
        throw tooManyRequests();
      }
    };
    const answer = await opts.validator.handle(request.body ?? null, admit);
    // A lone refused call is the API's own 429, as /api/dev/airdrop answers; in a batch only its entry fails.
    if (refused && !Array.isArray(request.body)) throw refused;
    if ((request.body as { method?: unknown } | null)?.method === 'sendTransaction') crashPoint('rpc:after-send');
    // Written in pieces: large account data is encoded a piece per turn of the event loop (serializeAnswer).
    return reply
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(Readable.from(serializeAnswer(answer)));
  });

  const pubsub = attachPubSub(app.server, opts.validator.pubsub, { path: '/rpc' });
  app.addHook('onClose', async () => pubsub.close());
}
