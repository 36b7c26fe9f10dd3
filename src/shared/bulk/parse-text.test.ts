import { describe, expect, it } from 'vitest';
import { MAX_BULK_ERRORS, MAX_BULK_ROWS } from './limits';
import { parseBulkText } from './parse';
import { newKeypair } from '@tests/helpers/keypair';

describe('parseBulkText', () => {
  it('reads mixed lines with CRLF and numbers them from 1', () => {
    const a = newKeypair();
    const b = newKeypair();
    const c = newKeypair();
    const text = [
      'address,private_key,platform,pattern_type,pattern',
      `${a.address},${a.forms.base58Secret},solana,suffix,abcd`,
      '',
      JSON.stringify({ address: b.address, privateKey: b.forms.base58Secret }),
      'oops',
      `${c.address},${c.forms.base58Secret},xyz,0.5`,
    ].join('\r\n');
    const { rows, errors } = parseBulkText(text);
    expect(rows.map((r) => [r.line, r.address])).toEqual([
      [2, a.address],
      [4, b.address],
      [6, c.address],
    ]);
    expect(errors.map((e) => e.line)).toEqual([5]);
  });

  it('reports a repeated address on the later line', () => {
    const a = newKeypair();
    const { rows, errors } = parseBulkText(`${a.address}\n${a.address},k,p`);
    expect(rows).toHaveLength(1);
    expect(errors[0]?.message).toBe('Line 2: duplicate address (already on line 1)');
  });

  it(`stops after ${MAX_BULK_ROWS} rows`, () => {
    const lines = Array.from({ length: MAX_BULK_ROWS + 5 }, (_, i) => `address-number-${String(i).padStart(8, '0')}`);
    const { rows, errors } = parseBulkText(lines.join('\n'));
    expect(rows).toHaveLength(MAX_BULK_ROWS);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toBe(
      `Line ${MAX_BULK_ROWS + 1}: too many addresses: at most 100,000 per batch; stopped reading here`,
    );
  });

  it('stops after too many bad lines', () => {
    const { rows, errors } = parseBulkText('x\n'.repeat(MAX_BULK_ERRORS * 3));
    expect(rows).toHaveLength(0);
    expect(errors).toHaveLength(MAX_BULK_ERRORS + 1);
    expect(errors.at(-1)?.reason).toContain('stopped reading');
  });
});
