import { describe, expect, it } from 'vitest';
import { withParseErrors } from './merge-results';
import { lineError } from './types';

describe('withParseErrors', () => {
  const server = {
    successful: 6,
    failed: 2,
    results: [],
    errors: ['Line 3: address is already listed', 'Line 12: Price cannot be negative: remove the minus sign'],
  };

  it('counts the lines the browser could not read as failed, so the count matches the error lines', () => {
    const merged = withParseErrors(server, [
      lineError(9, 'not recognised'),
      lineError(2, 'the address column is empty'),
    ]);
    expect(merged.failed).toBe(4);
    expect(merged.errors).toHaveLength(merged.failed);
    expect(merged.successful).toBe(6);
  });

  it('orders every error by its line number, whichever side found it', () => {
    const merged = withParseErrors(server, [lineError(10, 'b'), lineError(1, 'a')]);
    expect(merged.errors).toEqual([
      'Line 1: a',
      'Line 3: address is already listed',
      'Line 10: b',
      'Line 12: Price cannot be negative: remove the minus sign',
    ]);
  });

  it('leaves an answer with no parse errors as it is', () => {
    expect(withParseErrors(server, [])).toBe(server);
  });
});
