import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PurchaseDeps } from '../modules/purchases';
import { marketJobs } from '../modules/market';
import { createJobRunner, type Job } from './runner';
import { runVerifierOnce } from './verifier';

export { createJobRunner, type Job, type JobRunner } from './runner';
export { runVerifierOnce, type SweepReport } from './verifier';

export interface JobsOptions {
  purchases: PurchaseDeps;
  /** How often the verifier runs; 2 s keeps a paying buyer's wait short. */
  verifierIntervalMs?: number;
}

export function purchaseJobs(opts: JobsOptions): Job[] {
  return [
    {
      name: 'purchase-verifier',
      intervalMs: opts.verifierIntervalMs ?? 2_000,
      run: async () => {
        const report = await runVerifierOnce(opts.purchases);
        // The settled escrows' ledger check failing is an error to see in the log, like any other of the pass.
        if (report.ledgerDifferences.length > 0)
          report.errors.push(`ledger differs: ${report.ledgerDifferences.join('; ')}`);
        if (report.errors.length > 0) throw new Error(`verifier: ${report.errors.join('; ')}`);
        return report;
      },
    },
  ];
}

/**
 * Starts the background jobs when the server starts listening and stops them when it closes. Apps that never
 * listen (tests using `inject`) never run them: tests call `runVerifierOnce` themselves.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: JobsOptions) => {
    const runner = createJobRunner([...purchaseJobs(opts), ...marketJobs(() => app.database.db)], app.log);
    app.addHook('onListen', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'vv-jobs' },
);
