import { EnvError, loadEnv } from '@server/config/env';

/** What loadEnv lists wrong with `env`, every problem at once as start-up prints them; none when it loads. */
export function envProblemsOf(env: Record<string, string>): string[] {
  try {
    loadEnv(env);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
}
