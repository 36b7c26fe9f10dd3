import { describe, expect, it } from 'vitest';
import { humanCount, humanDuration, oneIn } from './human-units';

describe('human units', () => {
  it('counts', () => {
    expect(humanCount(58)).toBe('58');
    expect(humanCount(11_316_496)).toBe('11.3 million');
    expect(humanCount(4.2e9)).toBe('4.2 billion');
    expect(humanCount(1.5e18)).toBe('1.5 × 10^18');
    expect(oneIn(195_112)).toBe('1 in 195 thousand');
  });
  it('durations', () => {
    expect(humanDuration(0.2)).toBe('under a second');
    expect(humanDuration(1)).toBe('1 second');
    expect(humanDuration(90)).toBe('1.5 minutes');
    expect(humanDuration(7200)).toBe('2 hours');
    expect(humanDuration(3 * 365.25 * 86400)).toBe('3 years');
  });
});
