import type { FastifyReply, FastifyRequest } from 'fastify';
import { memoizeByKeyFor } from '../../cache/memoize-for';
import type { UsdPerSol, ViewContext } from './listing-view';
import { viewContext } from './route-context';

/** What the kept answers of one instance may weigh together: ~2,500 default pages, ~60 pages of 500. */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The serialised answers of the public listing reads, kept briefly for visitors without a session.
 *
 * Everybody who opens the marketplace or Home asks the same few pages; at 1M listings each costs a database
 * round trip, drizzle's mapping and a schema-checked serialisation of 20 listings, ~2 ms of CPU, where sending
 * a kept string costs a tenth of that. So an anonymous answer is reused for `maxAgeMs` (1 s by default), and
 * concurrent identical requests share one computation. A signed-in caller is always answered fresh: the answer
 * carries `isOwner`, and a seller or buyer must see their own listing, edit or purchase at once. Visitors without
 * a session may see a listing sold or listed up to `maxAgeMs` late; buying re-checks everything on the server.
 */
export function createPublicReadCache(maxAgeMs: number, usdPerSol: UsdPerSol) {
  const memo = memoizeByKeyFor<string>({ maxAgeMs, maxWeight: MAX_BYTES, weigh: (body) => body.length });

  /**
   * Answers `request` with `build`'s result. `key` must name everything the answer depends on besides the viewer
   * and the USD rate (both added here): the route and its parsed, defaulted query.
   */
  return async function answer<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: (ctx: ViewContext) => Promise<T>,
  ): Promise<T | FastifyReply> {
    const ctx = await viewContext(request, usdPerSol);
    if (ctx.viewerWallet !== null) return build(ctx);
    // Serialised by the route's own response schema, once per computation.
    const body = await memo(`${ctx.usdPerSol} ${key}`, async () => reply.serialize(await build(ctx)) as string);
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
