import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentCoding = 'br' | 'gzip';

/** Below this a compressed copy saves too little to be worth its CPU (the app-wide compression's threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The coding to send for an `Accept-Encoding` header: brotli or gzip, whichever the client weighs more (brotli on
 * a tie), or null for the bytes as they are. `q=0` refuses a coding; `*` stands for any coding not named.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name === 'x-gzip' ? 'gzip' : name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** The same quality as the app-wide compression (brotli 4): fast enough to run once per kept answer. */
export function encode(body: string | Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipSync(body);
}
