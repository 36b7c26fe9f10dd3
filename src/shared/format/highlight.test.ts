import { describe, expect, it } from 'vitest';
import { highlightRange } from './highlight';

const address = 'VauLTx8ZnFqY2kWbq3mR7sHcJ1dT9eUaPoLiKgN4wXyz';

describe('highlightRange', () => {
  it('marks a prefix, a suffix and a middle pattern in either case', () => {
    expect(highlightRange(address, 'vault', 'prefix')).toEqual([0, 5]);
    expect(highlightRange(address, 'XYZ', 'suffix')).toEqual([address.length - 3, address.length]);
    expect(highlightRange(address, 'q3mR', null)).toEqual([16, 20]);
    expect(highlightRange(address, 'nope', null)).toBeNull();
    expect(highlightRange(address, null, null)).toBeNull();
  });
});
