import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const trust = (TRUST_PROXY?: string) => {
  const env = loadEnv({ ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }), SOLANA_CLUSTER: 'local' });
  return { trustProxy: env.trustProxy, warning: env.trustProxyWarning };
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(trust()).toEqual({ trustProxy: false, warning: undefined });
    expect(trust('false').trustProxy).toBe(false);
    expect(trust('0').trustProxy).toBe(false);
  });

  it('reads true as one hop, never as "every hop", and warns', () => {
    const { trustProxy, warning } = trust('true');
    expect(trustProxy).toBe(1);
    expect(warning).toMatch(/read as 1 hop/);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(trust('2')).toEqual({ trustProxy: 2, warning: undefined });
    expect(trust('10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback').trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['11', 'everyone', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', ','])(
    'refuses %s, naming the variable',
    (v) => {
      expect(() => trust(v)).toThrow(EnvError);
      expect(() => trust(v)).toThrow(/TRUST_PROXY/);
    },
  );
});
