import { gasFeesResponseSchema } from '@shared/api/chain';
import type { AppInstance } from '../../types';
import type { ChainContext } from '../../chain/chain-context';
import { estimateGasFee } from './gas-fees.service';

export async function gasFeesRoutes(app: AppInstance, opts: { chain: ChainContext }): Promise<void> {
  app.get(
    '/api/solana/gas-fees',
    {
      config: { access: 'public' },
      schema: {
        tags: ['chain'],
        summary: 'Network fee quoted for a purchase transaction',
        response: { 200: gasFeesResponseSchema },
      },
    },
    async () => estimateGasFee(app.database.db, opts.chain),
  );
}
