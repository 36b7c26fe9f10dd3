import { describe, expect, it } from 'vitest';
import { judgeReplica } from './replica-lag';

const standby = { standby: true, caughtUp: false, sinceLastReplaySeconds: 1 };

describe('judgeReplica', () => {
  it('counts a replica that has replayed what the primary wrote as caught up, however old its last commit', () => {
    // An idle primary: the last replayed commit is an hour old, but there is nothing newer to replay.
    expect(judgeReplica({ ...standby, caughtUp: true, sinceLastReplaySeconds: 3600 }, 5)).toEqual({
      health: 'ready',
      lagSeconds: 0,
    });
  });

  it('measures a replica behind the primary by the age of its last replayed commit', () => {
    expect(judgeReplica({ ...standby, sinceLastReplaySeconds: 2.5 }, 5)).toEqual({ health: 'ready', lagSeconds: 2.5 });
    expect(judgeReplica({ ...standby, sinceLastReplaySeconds: 5 }, 5).health).toBe('ready');
    expect(judgeReplica({ ...standby, sinceLastReplaySeconds: 5.1 }, 5)).toEqual({
      health: 'lagging',
      lagSeconds: 5.1,
    });
  });

  it('skips a replica behind the primary that has replayed nothing since it started', () => {
    expect(judgeReplica({ ...standby, sinceLastReplaySeconds: null }, 5)).toEqual({
      health: 'lagging',
      lagSeconds: null,
    });
  });

  it('falls back on the replay age when the primary position is unknown', () => {
    expect(judgeReplica({ ...standby, caughtUp: null, sinceLastReplaySeconds: 9 }, 5).health).toBe('lagging');
    expect(judgeReplica({ ...standby, caughtUp: null, sinceLastReplaySeconds: 1 }, 5).health).toBe('ready');
  });

  it('never reads from a server that is out of recovery (promoted, or never a replica)', () => {
    expect(judgeReplica({ standby: false, caughtUp: null, sinceLastReplaySeconds: null }, 5)).toEqual({
      health: 'not-a-standby',
      lagSeconds: null,
    });
  });

  it('reads a clock a little ahead of the primary as no lag', () => {
    expect(judgeReplica({ ...standby, sinceLastReplaySeconds: -0.2 }, 5)).toEqual({ health: 'ready', lagSeconds: 0 });
  });
});
