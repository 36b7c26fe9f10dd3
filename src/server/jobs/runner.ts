import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface JobRunner {
  start(): void;
  /** Stops scheduling and waits for runs in progress, so the database is not closed under them. */
  stop(): Promise<void>;
}

/**
 * Periodic tasks of one server instance. A job never overlaps itself (the next run is scheduled when the last one
 * ends), and timers are unref'd so they never keep a process alive. Several instances each run every job: the
 * jobs themselves claim rows with FOR UPDATE SKIP LOCKED, so no work is done twice.
 */
export function createJobRunner(jobs: readonly Job[], log: FastifyBaseLogger): JobRunner {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = true;

  const schedule = (job: Job, delay: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      const run = job
        .run()
        .then(
          (result) => log.debug({ job: job.name, result }, 'job ran'),
          (err: unknown) => log.error({ err, job: job.name }, 'job failed'),
        )
        .finally(() => {
          running.delete(run);
          schedule(job, job.intervalMs);
        });
      running.add(run);
    }, delay);
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      // Spread the first runs a little so instances started together do not knock on the database at once.
      for (const job of jobs) schedule(job, Math.floor(Math.random() * Math.min(job.intervalMs, 1_000)));
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}
