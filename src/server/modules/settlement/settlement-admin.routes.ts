import { isChainError } from '@chain/errors';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { ErrorCode } from '@shared/api/errors';
import { ledgerCheckReportSchema, settlementOverviewSchema } from '@shared/api/settlement';
import { AppError } from '@server/http/app-error';
import { errorResponses } from '@server/http/error-responses';
import type { RateLimitRule } from '@server/http/rate-limit';
import type { AppInstance } from '@server/types';
import { chainBalances, checkLedger } from './ledger-check';
import { readSettlementOverview } from './settlement-overview';

const MINUTE = 60_000;
// The check reads every escrow's balance from the chain, which the shop's own payments share: a few runs a minute.
const LEDGER_CHECK_LIMIT: RateLimitRule[] = [{ max: 6, timeWindow: MINUTE, keyBy: 'wallet' }];

/**
 * Admin reads of settlement (docs/domain.md#settlement, docs/domain.md#ledger): the reconciliation the CLI's
 * `npm run ledger -- check` runs, and the Settlement page's overview.
 */
export async function settlementAdminRoutes(app: AppInstance, opts: { rpc: ChainRpc }): Promise<void> {
  app.get(
    '/api/admin/ledger/check',
    {
      config: {
        access: 'admin',
        adminMessage: 'The ledger check is for admin wallets only.',
        rateLimit: LEDGER_CHECK_LIMIT,
      },
      schema: {
        tags: ['admin'],
        summary: 'Reconciles every escrow: ledger balance against chain balance (409 with the differences)',
        response: {
          200: ledgerCheckReportSchema,
          409: ledgerCheckReportSchema,
          ...errorResponses(401, 403, 429, 503),
        },
      },
    },
    async (_request, reply) => {
      let report;
      try {
        report = await checkLedger({ db: app.database.db, balances: chainBalances(opts.rpc) });
      } catch (err) {
        // No endpoint answered: the check has no answer, which is not the same as "balanced" or "not".
        if (isChainError(err)) throw new AppError(503, ErrorCode.RPC_UNAVAILABLE, err.message);
        throw err;
      }
      reply.header('cache-control', 'no-store');
      return reply.code(report.balanced ? 200 : 409).send(report);
    },
  );

  app.get(
    '/api/admin/settlement',
    {
      config: { access: 'admin', adminMessage: 'Settlement is for admin wallets only.' },
      schema: {
        tags: ['admin'],
        summary: 'Ledger totals, open escrows, pending and failed transfers, latest payouts and refunds',
        response: { 200: settlementOverviewSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readSettlementOverview(app.database.db);
    },
  );
}
