import { describe, expect, it, vi } from 'vitest';
import { createWordIndex, currentWordIndex, registerWordSource } from './word-index';

describe('word index', () => {
  const index = createWordIndex(['cafe', 'babe', 'cafeteria', 'ox', 'Dead', "isn't"]);

  it('finds the longest word starting or ending at a place, ignoring short and non-letter entries', () => {
    expect(index.longestWordAt('cafeteriax', 0, 20)).toBe('cafeteria');
    expect(index.longestWordAt('cafeteriax', 0, 8)).toBe('cafe'); // bounded length
    expect(index.longestWordAt('xcafe', 1, 20)).toBe('cafe');
    expect(index.longestWordAt('oxen', 0, 20)).toBeNull(); // 'ox' is too short to count
    expect(index.longestWordEndingAt('xxbabe', 0, 20)).toBe('babe');
    expect(index.has('dead')).toBe(true);
    expect(index.has("isn't")).toBe(false);
  });

  it('loads a registered source only on the first lookup, once', () => {
    const load = vi.fn(() => index);
    registerWordSource(load);
    expect(load).not.toHaveBeenCalled();
    expect(currentWordIndex()).toBe(index);
    currentWordIndex();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
