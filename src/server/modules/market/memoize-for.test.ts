import { describe, expect, it } from 'vitest';
import { memoizeFor } from './memoize-for';

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
