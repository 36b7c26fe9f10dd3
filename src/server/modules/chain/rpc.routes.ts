import type { LocalValidator } from '@chain/local-validator/index';
import { crashPoint } from '@server/config/crash-point';
import type { AppInstance } from '../../types';

/**
 * The embedded validator's JSON-RPC endpoint (local mode only), so the browser's wallet code, kit and any Solana
 * tool talk to it exactly as to a public RPC: only the URL differs. Answers are JSON-RPC bodies, errors included.
 */
export async function localRpcRoutes(app: AppInstance, opts: { validator: LocalValidator }): Promise<void> {
  app.post('/rpc', { schema: { hide: true } }, async (request, reply) => {
    const answer = await opts.validator.handle(request.body ?? null);
    if ((request.body as { method?: unknown } | null)?.method === 'sendTransaction') crashPoint('rpc:after-send');
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
