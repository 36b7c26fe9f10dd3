import { apiErrorSchema, ErrorCode } from '@shared/api/errors';
import { looksLikePrivateKey, PASTED_PRIVATE_KEY_MESSAGE } from '@shared/keys/looks-like-private-key';
import { badRequest } from '../../http/app-error';
import { validateAddressBodySchema, validateAddressResponseSchema } from '@shared/api/listings';
import { analyzeAddress } from '@server/rarity';
import { RATE_LIMITS } from '../../http/rate-limit';
import type { AppInstance } from '../../types';
import { lamportsToSolString } from '@shared/money';
import { activeValueMultiplier, listedPatternOf } from './valuation.repository';

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
      // Before schema validation, so even a key too long for the schema is answered with the warning, and the
      // answer never quotes it: an invalid "address" used to come back verbatim.
      preValidation: async (request) => {
        const pasted = (request.body as { address?: unknown } | undefined)?.address;
        if (typeof pasted === 'string' && looksLikePrivateKey(pasted)) {
          throw badRequest(ErrorCode.PRIVATE_KEY_PASTED, PASTED_PRIVATE_KEY_MESSAGE);
        }
      },
    },
    async (request) => {
      const { address } = request.body;
      const network = request.body.network ?? (/^0x/i.test(address) ? 'ethereum' : 'solana');
      const multiplier = await activeValueMultiplier(app.database.db, network);
      // The pattern the address actually has: the one asked about, else its listing's (an address ground for '69'
      // is valued as '69', not as "nothing notable detected"), else the best detected.
      const pattern = request.body.pattern || (await listedPatternOf(app.database.db, address)) || undefined;
      const r = analyzeAddress(address, { network, pattern, baseValueMultiplier: multiplier });
      return {
        isValid: r.isValid,
        message: r.message,
        rarityScore: r.rarityScore,
        tier: r.tier,
        estimatedValue: r.estimatedValue,
        suggestedPrice: lamportsToSolString(r.suggestedPriceLamports),
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
