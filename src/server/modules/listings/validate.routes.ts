import { apiErrorSchema } from '@shared/api/errors';
import { validateAddressBodySchema, validateAddressResponseSchema } from '@shared/api/listings';
import { analyzeAddress } from '@shared/rarity/server';
import { RATE_LIMITS } from '../../http/rate-limit';
import type { AppInstance } from '../../types';
import { activeValueMultiplier } from './valuation.repository';

export async function validateRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/api/addresses/validate',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.validation },
      schema: {
        tags: ['listings'],
        summary: 'Validate an address and check its rarity; an invalid address is a 200 with isValid false',
        body: validateAddressBodySchema,
        response: { 200: validateAddressResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const { address } = request.body;
      const network = request.body.network ?? (/^0x/i.test(address) ? 'ethereum' : 'solana');
      const multiplier = await activeValueMultiplier(app.database.db, network);
      const r = analyzeAddress(address, { network, baseValueMultiplier: multiplier });
      return {
        isValid: r.isValid,
        message: r.message,
        rarityScore: r.rarityScore,
        estimatedValue: r.estimatedValue,
        category: r.category,
        address: r.address,
        pattern: r.pattern,
        expectedAttempts: r.expectedAttempts,
        medianAttempts: r.medianAttempts,
        grindSeconds: r.grindSeconds,
        network: r.network,
      };
    },
  );
}
