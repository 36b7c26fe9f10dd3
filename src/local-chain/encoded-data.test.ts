import { describe, expect, it } from 'vitest';
import { Base64Data, serializeAnswer } from './encoded-data';

const serialized = async (answer: unknown) => {
  const pieces: Buffer[] = [];
  for await (const piece of serializeAnswer(answer)) pieces.push(piece);
  return Buffer.concat(pieces).toString();
};

describe('serializeAnswer', () => {
  it('writes what JSON.stringify would, large data in pieces included', async () => {
    const sizes = [0, 1, 2, 3, 64 * 1024, 3 * 64 * 1024, 3 * 64 * 1024 + 1, 1024 * 1024 + 2];
    const data = sizes.map((n) => new Base64Data(new Uint8Array(n).map((_, i) => (i * 31) % 256)));
    const answer = [
      { jsonrpc: '2.0', id: 'a"\u0000\\', result: { value: data.map((d) => ({ data: [d, 'base64'] })) } },
      { jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'x' } },
    ];
    const text = await serialized(answer);
    expect(text).toBe(JSON.stringify(answer));
    expect(JSON.parse(text)[0].result.value[7].data[0]).toBe(Buffer.from(data[7]!.bytes).toString('base64'));
  });

  it('leaves a caller’s string that looks like a mark alone', async () => {
    const forged = '\u0000vv-b64-0000000000000000-0';
    const answer = { id: forged, result: [new Base64Data(new Uint8Array(70_000)), forged] };
    expect(await serialized(answer)).toBe(JSON.stringify(answer));
  });
});
