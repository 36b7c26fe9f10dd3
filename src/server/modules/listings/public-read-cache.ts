import type { FastifyReply, FastifyRequest } from 'fastify';
import { createPublicAnswers } from '../../cache/public-answers';
import type { UsdPerSol, ViewContext } from './listing-view';
import { viewContext } from './route-context';

/**
 * The public listing reads (search, featured, one address), kept for `maxAgeMs` (1 s by default) for every
 * caller, signed in or not, and offered to shared caches for as long (`createPublicAnswers`).
 *
 * Everybody who opens the marketplace or Home asks the same few pages; at 1M listings each costs a database
 * round trip, drizzle's mapping and a schema-checked serialisation of 20 listings, ~2 ms of CPU, where sending
 * a kept string costs a tenth of that. The answers carry nothing about the caller (the browser tells its own
 * listings by `sellerWallet`), so one kept answer serves everybody. Anybody may see a listing sold, edited or
 * listed up to `maxAgeMs` late here (plus what a shared cache in front adds); buying re-checks everything on
 * the server.
 */
export function createPublicReadCache(maxAgeMs: number, usdPerSol: UsdPerSol) {
  const answers = createPublicAnswers(maxAgeMs);

  /**
   * Answers `request` with `build`'s result. `key` must name everything the answer depends on besides the USD
   * rate (added here): the route and its parsed, defaulted query or params.
   */
  return async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: (ctx: ViewContext) => Promise<unknown>,
  ): Promise<FastifyReply> {
    const ctx = await viewContext(usdPerSol);
    return answers(request, reply, `${ctx.usdPerSol} ${key}`, () => build(ctx));
  };
}
