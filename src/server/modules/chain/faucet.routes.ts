import type { LocalValidator } from '@local-chain';
import { airdropRequestSchema, airdropResponseSchema } from '@shared/api/chain';
import { apiErrorSchema } from '@shared/api/errors';
import { parseSolToLamports } from '@shared/money';
import { AIRDROP_RATE_LIMIT } from './faucet-limit';
import type { AppInstance } from '../../types';

/**
 * POST /api/dev/airdrop: free SOL on the embedded local chain, so a newcomer can walk through a purchase with the
 * Local Dev Wallet. Registered only in local mode: on devnet or mainnet the route does not exist at all.
 */
export async function faucetRoutes(app: AppInstance, opts: { validator: LocalValidator }): Promise<void> {
  app.post(
    '/api/dev/airdrop',
    {
      config: { access: 'public', walletMatch: false, rateLimit: { ...AIRDROP_RATE_LIMIT, keyBy: 'ip' } },
      schema: {
        tags: ['dev'],
        summary: 'Local mode only: airdrop SOL on the embedded validator',
        body: airdropRequestSchema,
        response: { 200: airdropResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const lamports = parseSolToLamports(request.body.sol);
      const signature = await opts.validator.airdrop(request.body.address, lamports);
      return { signature, lamports: lamports.toString() };
    },
  );
}
