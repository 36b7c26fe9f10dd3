import { describe, expect, it } from 'vitest';
import { MAX_BULK_LINE_CHARS } from './limits';
import { parseBulkText, parseBulkTextInSlices } from './parse';
import { newKeypair } from '@tests/helpers/keypair';

// Shared code stays free of node: imports; a macrotask turn is what the server's pause gives too.
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// One 8 MB line blocked the server for seconds.
const EIGHT_MB = 8 * 1024 * 1024;

describe('a line longer than MAX_BULK_LINE_CHARS', () => {
  it('is an error naming its line, and the lines around it still read', () => {
    const a = newKeypair();
    const b = newKeypair();
    const text = [
      `${a.address},${a.forms.base58Secret},solana`,
      'A'.repeat(EIGHT_MB),
      `${b.address},${b.forms.base58Secret},solana`,
    ].join('\n');
    const { rows, errors } = parseBulkText(text);
    expect(rows.map((r) => [r.line, r.address])).toEqual([
      [1, a.address],
      [3, b.address],
    ]);
    expect(errors).toEqual([
      {
        line: 2,
        reason: 'line too long: at most 4,096 characters per line',
        message: expect.stringMatching(/^Line 2: /),
      },
    ]);
  });

  it('is the limit itself: a JSON row with every field and a spaced-out byte-array key is far below it', () => {
    const a = newKeypair();
    const row = JSON.stringify(
      {
        address: a.address,
        privateKey: JSON.stringify(Array.from({ length: 64 }, () => 255)),
        pattern: 'abcdefg',
        price: '123456789.123456789',
        patternType: 'prefix',
        platform: 'solana',
      },
      null,
      1,
    ).replace(/\n/g, ' ');
    expect(row.length).toBeLessThan(MAX_BULK_LINE_CHARS / 4);
    expect(parseBulkText(row).rows).toHaveLength(1);
    expect(parseBulkText(' '.repeat(MAX_BULK_LINE_CHARS - row.length) + row).rows).toHaveLength(1);
  });
});

describe('parseBulkTextInSlices', () => {
  it('answers what parseBulkText answers', async () => {
    const lines = ['address,private key,platform'];
    for (let i = 0; i < 300; i++) {
      const k = newKeypair();
      lines.push(i % 7 === 0 ? 'oops' : `${k.address},${k.forms.base58Secret},solana,${' '.repeat(2000)}`);
    }
    const text = lines.join('\r\n');
    expect(await parseBulkTextInSlices(text, () => nextTurn())).toEqual(parseBulkText(text));
  });

  it('lets other work run while it reads a large text (ordering, not timing)', async () => {
    // 40 MB of header lines: all of it must be read, and none of it becomes a row.
    const header = `address,private key,platform${' '.repeat(4000)}`;
    const text = Array.from({ length: 10_000 }, () => header).join('\n');
    const events: string[] = [];
    const parsing = parseBulkTextInSlices(text, () => nextTurn()).then(() => events.push('parsed'));
    setImmediate(() => events.push('other work'));
    await parsing;
    expect(events).toEqual(['other work', 'parsed']);
  });
});
