import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readsFromReplicas } from '../http/read-routing';
import { COMPRESS_THRESHOLD_BYTES, encode, preferredCoding, type ContentCoding } from './content-coding';
import { memoizeByKeyFor } from './memoize-for';

/** What the kept answers of one cache may weigh together: ~2,500 default listing pages, ~60 pages of 500. */
const MAX_BYTES = 32 * 1024 * 1024;

/** How long a shared cache may keep serving an answer past its `s-maxage` while it fetches the next one. */
export const STALE_WHILE_REVALIDATE_SECONDS = 5;

interface Kept {
  /**
   * The answer's bytes: encoded from the serialised text once, then hashed and sent as they are (sending the text
   * encoded it again on every request).
   */
  body: Buffer;
  etag: string;
  /** Compressed copies, made when first asked for; a fraction of `body`, so not weighed. */
  coded: Partial<Record<ContentCoding, Buffer>>;
}

/** A strong validator: it names these exact bytes (128 bits of their SHA-256). */
export function entityTag(body: string | Buffer): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 22)}"`;
}

/** The tag of a compressed copy: a strong tag names the bytes sent, and compressed bytes differ. */
export const codedTag = (etag: string, coding: ContentCoding) => `${etag.slice(0, -1)}-${coding}"`;

/**
 * The tag in an `If-None-Match` header that names `etag`'s body, plain or compressed (`codedTag`), or null.
 * `*` and weak tags match too: If-None-Match uses the weak comparison (RFC 9110 §13.1.2).
 */
export function matchingTag(ifNoneMatch: string | undefined, etag: string): string | null {
  if (!ifNoneMatch) return null;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return etag;
    if (tag.replace(/-(br|gzip)"$/, '"') === etag) return tag;
  }
  return null;
}

/** `max-age=0`: a browser asks every time (cheaply, with If-None-Match); a shared cache may answer for a while. */
export function publicCacheControl(maxAgeMs: number): string {
  const seconds = Math.floor(maxAgeMs / 1000);
  if (seconds <= 0) return 'public, no-cache';
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
}

/**
 * Serialised answers of reads that are the same for every caller, kept for `maxAgeMs` in this process and
 * marked so that a CDN or reverse proxy in front of several instances may keep them as long (decision 0004).
 *
 * Each kept body is serialised by the route's own response schema, hashed and compressed once per computation,
 * not once per request; concurrent identical requests share one computation. An `If-None-Match` naming the
 * current bytes is answered 304 without a body. With `maxAgeMs` 0 every request is computed and caches must
 * revalidate each time. Routes using it add `publicAnswerOnSend`.
 */
export function createPublicAnswers(maxAgeMs: number) {
  const memo = memoizeByKeyFor<Kept>({ maxAgeMs, maxWeight: MAX_BYTES, weigh: (kept) => kept.body.length });
  const cacheControl = publicCacheControl(maxAgeMs);

  /** Answers `request` with `build`'s result. `key` must name everything the answer depends on. */
  return async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    // Answers computed on a replica are kept apart: a caller who just wrote (read-routing.ts) is never handed
    // one, only answers computed on the primary, as fresh as before there were replicas.
    const source = readsFromReplicas(request) ? 'replica' : 'primary';
    const kept = await memo(`${source} ${key}`, async () => {
      const body = Buffer.from(reply.serialize(await build()) as string);
      return { body, etag: entityTag(body), coded: {} };
    });
    const coding =
      kept.body.length >= COMPRESS_THRESHOLD_BYTES ? preferredCoding(request.headers['accept-encoding']) : null;
    reply
      .header('cache-control', cacheControl)
      .header('vary', 'accept-encoding')
      .header('etag', coding ? codedTag(kept.etag, coding) : kept.etag);
    const matched = matchingTag(request.headers['if-none-match'], kept.etag);
    // The validator the client holds (perhaps of another coding) is the one its stored response is found by.
    if (matched) return reply.header('etag', matched).code(304).send();
    reply.type('application/json; charset=utf-8');
    if (!coding) return reply.send(kept.body);
    // Sent as it is: the app-wide compression leaves a body that already has a Content-Encoding alone.
    return reply.header('content-encoding', coding).send((kept.coded[coding] ??= encode(kept.body, coding)));
  };
}

/**
 * A route `onSend` hook for public answers, run after the app-wide ones: a response that sets a cookie (a
 * session's sliding expiry) is kept by no shared cache, which could otherwise hand that cookie to the next visitor.
 */
export async function publicAnswerOnSend(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.hasHeader('set-cookie')) reply.header('cache-control', 'private, no-cache');
  return payload;
}
