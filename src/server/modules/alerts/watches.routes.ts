import { errorResponses } from '@server/http/error-responses';
import {
  MAX_WATCHES_PER_WALLET,
  watchListSchema,
  watchParamsSchema,
  watchSchema,
  type Watch,
} from '@shared/api/alerts';
import { patternFieldsSchema, type PatternFields } from '@shared/api/bids';
import { ErrorCode } from '@shared/api/errors';
import { patternKeyOf } from '@shared/pattern-keys';
import { z } from 'zod';
import type { Db } from '@server/db/database';
import { conflict, notFound } from '../../http/app-error';
import type { AppInstance } from '../../types';
import { sessionOf } from './session';
import { watchesRepository, type WatchRow } from './watches.repository';

const config = { access: 'session' } as const;

const watchView = (w: WatchRow): Watch => ({
  id: w.id,
  pattern: w.pattern,
  position: w.position,
  caseSensitive: w.caseSensitive,
  createdAt: w.createdAt.toISOString(),
});

/** A new watch, or the wallet's identical one (`created: false`); refused past the cap. */
async function createWatch(
  db: Db,
  session: { userId: string; walletAddress: string },
  fields: PatternFields,
): Promise<{ watch: WatchRow; created: boolean }> {
  const watch = {
    userId: session.userId,
    wallet: session.walletAddress,
    pattern: fields.pattern,
    patternKey: patternKeyOf(fields.pattern, fields.caseSensitive),
    position: fields.position,
    caseSensitive: fields.caseSensitive,
  };
  return db.transaction(async (tx) => {
    await watchesRepository.lockUser(tx, session.userId);
    const same = await watchesRepository.same(tx, watch);
    if (same) return { watch: same, created: false };
    if ((await watchesRepository.count(tx, watch.wallet)) >= MAX_WATCHES_PER_WALLET) {
      throw conflict(
        ErrorCode.TOO_MANY_WATCHES,
        `A wallet may keep at most ${MAX_WATCHES_PER_WALLET} watches; delete one to add another.`,
      );
    }
    return { watch: await watchesRepository.insert(tx, watch), created: true };
  });
}

/** GET and POST /api/watches, DELETE /api/watches/{id}: patterns the signed-in wallet is told about when listed. */
export async function watchesRoutes(app: AppInstance): Promise<void> {
  const db = () => app.database.db;
  const list = async (wallet: string) => ({
    watches: (await watchesRepository.list(db(), wallet)).map(watchView),
    limit: MAX_WATCHES_PER_WALLET,
  });

  app.get(
    '/api/watches',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary: "The signed-in wallet's pattern watches, newest first",
        response: { 200: watchListSchema, ...errorResponses(401) },
      },
    },
    async (request) => list(sessionOf(request).walletAddress),
  );

  app.post(
    '/api/watches',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary:
          `Watch a pattern: a new listing matching it notifies the wallet (kind watch-match). At most ` +
          `${MAX_WATCHES_PER_WALLET} per wallet; an identical watch answers 200 with the one already kept`,
        body: patternFieldsSchema,
        response: { 200: watchSchema, 201: watchSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { watch, created } = await createWatch(db(), sessionOf(request), request.body);
      return reply.code(created ? 201 : 200).send(watchView(watch));
    },
  );

  app.delete(
    '/api/watches/:id',
    {
      config,
      schema: {
        tags: ['alerts'],
        summary: 'Stop watching a pattern',
        params: watchParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { walletAddress } = sessionOf(request);
      // Another wallet's watch answers as an unknown one does: ids are not confirmed to exist.
      if (!(await watchesRepository.remove(db(), walletAddress, request.params.id))) {
        throw notFound(ErrorCode.WATCH_NOT_FOUND, 'Watch not found');
      }
      return reply.code(204).send(null);
    },
  );
}
