/**
 * How far behind a streaming replica is, and whether reads may go to it (docs/decisions/0019-read-replicas.md).
 *
 * `now() - pg_last_xact_replay_timestamp()` alone is not the lag: it is the age of the last transaction the
 * replica replayed, which on an idle primary grows forever while the replica has everything. So the primary's
 * WAL position is read first, then the replica's replay position:
 *
 * - replayed at least as far as the primary had written when asked: caught up, lag 0 (it holds every commit the
 *   primary had made by then, a few milliseconds ago);
 * - behind it: the lag is the age of its last replayed commit. Everything the replica lacks was committed after
 *   that one, so its data is at most that old: an upper bound, and the honest one when replay is stuck (paused,
 *   or the replica lost its primary). Right after an idle spell the first new commit may be sampled in the
 *   milliseconds before the replica replays it; the replica then reads as lagging and is skipped until the next
 *   check. That errs towards the primary, never towards stale reads.
 * - no replayed commit since the replica started, and behind: lag unknown, treated as too much.
 */

export type ReplicaHealth = 'starting' | 'ready' | 'lagging' | 'down' | 'not-a-standby';

/** What one check reads: the replica's answers about itself, compared with the primary's position. */
export interface ReplicaSample {
  /** pg_is_in_recovery(): false on a promoted replica or on a server that was never one. */
  standby: boolean;
  /** pg_last_wal_replay_lsn() >= the primary's pg_current_wal_lsn(); null when the primary's was not read. */
  caughtUp: boolean | null;
  /** now() - pg_last_xact_replay_timestamp(), in seconds; null before the first replayed commit. */
  sinceLastReplaySeconds: number | null;
}

export interface ReplicaJudgement {
  health: Exclude<ReplicaHealth, 'starting' | 'down'>;
  /** Seconds, or null when it cannot be told (not a standby, or nothing replayed yet while behind). */
  lagSeconds: number | null;
}

export function judgeReplica(sample: ReplicaSample, maxLagSeconds: number): ReplicaJudgement {
  // A server out of recovery no longer follows the primary: its data may diverge, so it serves nothing.
  if (!sample.standby) return { health: 'not-a-standby', lagSeconds: null };
  if (sample.caughtUp === true) return { health: 'ready', lagSeconds: 0 };
  const lag = sample.sinceLastReplaySeconds;
  if (lag === null) return { health: 'lagging', lagSeconds: null };
  const lagSeconds = Math.max(0, lag);
  return { health: lagSeconds > maxLagSeconds ? 'lagging' : 'ready', lagSeconds };
}
