import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  codedTag,
  createPublicAnswers,
  entityTag,
  matchingTag,
  publicAnswerOnSend,
  publicCacheControl,
} from './public-answers';

describe('entityTag and matchingTag', () => {
  const etag = entityTag('{"a":1}');

  it('names the exact bytes with a strong tag', () => {
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(entityTag('{"a":1}')).toBe(etag);
    expect(entityTag('{"a":2}')).not.toBe(etag);
  });

  it('matches the tag in a list, weakly, with a content-coding suffix, or *', () => {
    expect(matchingTag(undefined, etag)).toBeNull();
    expect(matchingTag('"nope"', etag)).toBeNull();
    expect(matchingTag(`"nope", ${etag}`, etag)).toBe(etag);
    expect(matchingTag(`W/${etag}`, etag)).toBe(etag);
    const br = codedTag(etag, 'br');
    expect(matchingTag(br, etag)).toBe(br);
    expect(matchingTag(`${etag.slice(0, -1)}-zstd"`, etag)).toBeNull();
    expect(matchingTag('*', etag)).toBe(etag);
  });
});

describe('publicCacheControl', () => {
  it('lets shared caches keep an answer as long as this process does, and never the browser', () => {
    expect(publicCacheControl(1000)).toBe('public, max-age=0, s-maxage=1, stale-while-revalidate=5');
    expect(publicCacheControl(0)).toBe('public, no-cache');
  });
});

describe('createPublicAnswers', () => {
  async function appWith(maxAgeMs: number) {
    const app = Fastify();
    await app.register(cookie);
    await app.register(compress, { global: true, threshold: 1024 });
    const answer = createPublicAnswers(maxAgeMs);
    let builds = 0;
    app.get('/answer', { onSend: publicAnswerOnSend }, async (request, reply) => {
      if ('refresh' in (request.query as object)) reply.setCookie('session', 'slid');
      return answer(request, reply, 'answer', async () => ({ builds: ++builds, filler: 'x'.repeat(2000) }));
    });
    return app;
  }

  it('builds and hashes once per kept answer and answers 304 to its tag', async () => {
    const app = await appWith(60_000);
    const first = await app.inject('/answer');
    expect(first.json()).toMatchObject({ builds: 1 });
    const again = await app.inject({ url: '/answer', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject('/answer')).body).toBe(first.body);
    await app.close();
  });

  it('keeps nothing with a max age of 0, yet still answers 304 when the bytes are the same', async () => {
    const app = await appWith(0);
    const first = await app.inject('/answer');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const second = await app.inject({ url: '/answer', headers: { 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(200); // built again: builds is 2, other bytes
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await app.close();
  });

  it('never offers shared caches a response that sets a cookie', async () => {
    const app = await appWith(60_000);
    const res = await app.inject('/answer?refresh');
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await app.inject('/answer')).headers['cache-control']).toMatch(/^public, /);
    await app.close();
  });

  it('compresses a kept body once per coding, under a tag of its own, and answers 304 to that tag', async () => {
    const app = await appWith(60_000);
    const plain = await app.inject('/answer');
    for (const coding of ['gzip', 'br'] as const) {
      const coded = await app.inject({ url: '/answer', headers: { 'accept-encoding': coding } });
      expect(coded.headers['content-encoding']).toBe(coding);
      expect(coded.headers.vary).toBe('accept-encoding');
      expect(coded.headers.etag).toBe(`${(plain.headers.etag as string).slice(0, -1)}-${coding}"`);
      const raw = coded.rawPayload;
      expect((coding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString()).toBe(plain.body);
      const again = await app.inject({
        url: '/answer',
        headers: { 'accept-encoding': coding, 'if-none-match': coded.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expect(again.headers.etag).toBe(coded.headers.etag);
    }
    await app.close();
  });
});
