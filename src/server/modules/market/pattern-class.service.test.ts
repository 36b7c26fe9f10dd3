import { describe, expect, it } from 'vitest';
import { historyDays, historyStart } from './pattern-class.service';

describe('market reading history', () => {
  const now = new Date('2026-03-01T00:30:00Z');

  it('starts at UTC midnight 29 days before today, so the window is 30 whole days with today', () => {
    expect(historyStart(now).toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it('lists every day oldest first, a day without sales as none, amounts as SOL', () => {
    const days = historyDays(now, [
      { day: '2026-03-01', medianLamports: 1_500_000_000n, sales: 2 },
      { day: '2026-02-10', medianLamports: 1n, sales: 1 },
    ]);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-01-31', median: null, sales: 0 });
    expect(days.find((d) => d.day === '2026-02-10')).toEqual({ day: '2026-02-10', median: '0.000000001', sales: 1 });
    // 2026 is no leap year: February has 28 days, and the last entry is today.
    expect(days.at(-2)!.day).toBe('2026-02-28');
    expect(days.at(-1)).toEqual({ day: '2026-03-01', median: '1.5', sales: 2 });
  });
});
