import { describe, expect, it } from 'vitest';
import { memoizeByKeyFor, memoizeFor } from './memoize-for';

function counter() {
  let calls = 0;
  let fail = false;
  return {
    load: async () => {
      calls++;
      if (fail) throw new Error('down');
      return calls;
    },
    calls: () => calls,
    failNext: (v: boolean) => (fail = v),
  };
}

describe('memoizeFor', () => {
  it('answers from memory within the age, and recomputes after it', async () => {
    let t = 0;
    const c = counter();
    const get = memoizeFor(c.load, 1000, () => t);
    expect(await get()).toBe(1);
    t = 999;
    expect(await get()).toBe(1);
    t = 1000;
    expect(await get()).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it('shares one computation between concurrent callers', async () => {
    const c = counter();
    const get = memoizeFor(c.load, 1000);
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    expect(c.calls()).toBe(1);
  });

  it('does not remember a failure', async () => {
    const c = counter();
    const get = memoizeFor(c.load, 1000);
    c.failNext(true);
    await expect(get()).rejects.toThrow('down');
    c.failNext(false);
    expect(await get()).toBe(2);
  });

  it('computes every time when the age is 0', async () => {
    const c = counter();
    const get = memoizeFor(c.load, 0);
    await get();
    await get();
    expect(c.calls()).toBe(2);
  });
});

describe('memoizeByKeyFor', () => {
  const weighed = (t: { now: number }, maxWeight = 100) =>
    memoizeByKeyFor<string>({ maxAgeMs: 1000, maxWeight, weigh: (s) => s.length, now: () => t.now });

  it('keeps one answer per key, each with its own age', async () => {
    const t = { now: 0 };
    const memo = weighed(t);
    let calls = 0;
    const load = (v: string) => async () => `${v}${++calls}`;
    expect(await memo('a', load('a'))).toBe('a1');
    expect(await memo('b', load('b'))).toBe('b2');
    t.now = 500;
    expect(await memo('a', load('a'))).toBe('a1');
    expect(await memo('b', load('b'))).toBe('b2');
    t.now = 1000;
    expect(await memo('a', load('a'))).toBe('a3');
    expect(calls).toBe(3);
  });

  it('shares one computation per key between concurrent callers, not across keys', async () => {
    const memo = weighed({ now: 0 });
    let calls = 0;
    const load = async () => `v${++calls}`;
    const answers = await Promise.all([memo('a', load), memo('a', load), memo('b', load), memo('a', load)]);
    expect(answers).toEqual(['v1', 'v1', 'v2', 'v1']);
    expect(calls).toBe(2);
  });

  it('keeps no more than maxWeight, dropping the oldest answers first', async () => {
    const t = { now: 0 };
    const memo = weighed(t, 10);
    let calls = 0;
    const load = async () => `${++calls}`.padEnd(4, '.');
    await memo('a', load); // 1...
    await memo('b', load); // 2...
    await memo('c', load); // 3... : 12 > 10, so 'a' goes
    expect(await memo('c', load)).toBe('3...');
    expect(await memo('b', load)).toBe('2...');
    expect(await memo('a', load)).toBe('4...');
    // An answer heavier than the whole budget is returned but not kept.
    const big = memoizeByKeyFor<string>({ maxAgeMs: 1000, maxWeight: 3, weigh: (s) => s.length });
    let bigCalls = 0;
    const loadBig = async () => `${++bigCalls}`.padEnd(4, '.');
    expect(await big('x', loadBig)).toBe('1...');
    expect(await big('x', loadBig)).toBe('2...');
  });

  it('does not remember a failure, and computes every time when the age is 0', async () => {
    const memo = weighed({ now: 0 });
    await expect(memo('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo('a', async () => 'up')).toBe('up');
    const never = memoizeByKeyFor<string>({ maxAgeMs: 0, maxWeight: 100, weigh: (s) => s.length });
    let calls = 0;
    await never('a', async () => `${++calls}`);
    await never('a', async () => `${++calls}`);
    expect(calls).toBe(2);
  });
});
