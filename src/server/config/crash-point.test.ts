import { describe, expect, it } from 'vitest';
import { crashPoint, parseCrashPlan } from './crash-point';
import { envProblemsOf } from '@tests/helpers/env-problems';
import { loadEnv } from './env';

describe('FAULT_CRASH_AT', () => {
  it('is off unless set, and names a known crash point, optionally the n-th time it is reached', () => {
    expect(loadEnv({}).faultCrashAt).toBeUndefined();
    expect(loadEnv({ FAULT_CRASH_AT: 'verify:before-commit' }).faultCrashAt).toEqual({
      point: 'verify:before-commit',
      hit: 1,
    });
    expect(parseCrashPlan('bulk:chunk-before-keys#2')).toEqual({ point: 'bulk:chunk-before-keys', hit: 2 });
  });

  it.each(['verify:somewhere', 'verify:before-commit#0', 'verify:before-commit#x', 'rm -rf'])(
    'refuses %s, listing the known points',
    (value) => {
      const [problem] = envProblemsOf({ FAULT_CRASH_AT: value });
      expect(problem).toMatch(/^FAULT_CRASH_AT: must be one of rpc:after-send, /);
    },
  );

  it('is refused on mainnet-beta, so a production process can never kill itself on purpose', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(
      envProblemsOf({
        SOLANA_CLUSTER: 'mainnet-beta',
        VAULT_MASTER_KEY: key,
        ATTESTATION_KEY: key,
        FAULT_CRASH_AT: 'rpc:after-send',
      }),
    ).toEqual(['FAULT_CRASH_AT: test-only fault injection; refused when SOLANA_CLUSTER is mainnet-beta']);
  });

  it('does nothing in a process that did not arm it (this test runner is still alive afterwards)', () => {
    expect(() => crashPoint('verify:before-commit')).not.toThrow();
  });
});
