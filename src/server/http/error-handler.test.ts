import { describe, expect, it } from 'vitest';
import { humanIssue } from './error-handler';

describe('humanIssue', () => {
  it("names the field of zod's default messages", () => {
    expect(
      humanIssue({ path: 'body.recipientPublicKey', message: 'Invalid input: expected string, received undefined' }),
    ).toBe('body.recipientPublicKey: Invalid input: expected string, received undefined');
    expect(humanIssue({ path: 'body', message: 'Unrecognized key: "extra"' })).toBe('body: Unrecognized key: "extra"');
    expect(humanIssue({ path: 'querystring.limit', message: 'Too big: expected number to be <=100' })).toBe(
      'querystring.limit: Too big: expected number to be <=100',
    );
    expect(humanIssue({ path: 'body.sol', message: 'must be a number' })).toBe('body.sol: must be a number');
  });

  it('keeps our own sentences, which already say what they are about', () => {
    expect(humanIssue({ path: 'body.price', message: 'Price is required' })).toBe('Price is required');
    expect(humanIssue({ path: 'body.privateKey', message: 'Private key is required to verify ownership' })).toBe(
      'Private key is required to verify ownership',
    );
    expect(humanIssue({ path: 'body.addressData', message: 'No valid addresses found in the input data' })).toBe(
      'No valid addresses found in the input data',
    );
  });
});
