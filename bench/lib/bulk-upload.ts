import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPair, getAddressFromPublicKey, signBytes } from '@solana/kit';
import type { BulkCreateResponse, BulkRowInput } from '@shared/api/listings';
import { KNOWN_ADDRESSES } from '@shared/lookalike';
import { addressBytes } from '@shared/keys/base58';
import { realKeypair } from './keypairs';

/** What an upload should answer: which lines fail and why, and which addresses end up stored. */
export interface BulkUpload {
  rows: BulkRowInput[];
  /** Bad line → the reason its error must match. */
  bad: Map<number, RegExp>;
  good: Set<string>;
  /** Listed through the single-create route before the upload, so the upload must report them as duplicates. */
  prelisted: { address: string; base58Secret: string }[];
}

const BAD_KINDS = 8;

const USDC = KNOWN_ADDRESSES.find((k) => k.label === 'USDC mint')!.address;

/** An address with the first and last four characters of the USDC mint's, but another middle. */
function lookalike(): string {
  const known = USDC;
  for (;;) {
    const other = realKeypair().address;
    if (other.length !== known.length) continue;
    const candidate = known.slice(0, 4) + other.slice(4, known.length - 4) + known.slice(-4);
    if (addressBytes(candidate)) return candidate;
  }
}

/**
 * `total` lines: real keypairs (half priced, half auto-priced, one in five declaring its first four characters
 * as a prefix pattern), with `badGroups` groups of one bad line of each kind spread evenly through them: not
 * base58, no key, another address's key, price 0, a duplicate of an earlier line, an address listed already, a
 * look-alike of a well-known address, another platform.
 */
export function bulkUpload(total: number, badGroups: number): BulkUpload {
  const rows: BulkRowInput[] = [];
  const bad = new Map<number, RegExp>();
  const good = new Set<string>();
  const prelisted: BulkUpload['prelisted'] = [];
  const goodCount = total - badGroups * BAD_KINDS;
  const every = Math.max(1, Math.floor(goodCount / Math.max(1, badGroups)));
  const addBad = (row: Omit<BulkRowInput, 'line'>, reason: RegExp) => {
    rows.push({ ...row, line: rows.length + 1 });
    bad.set(rows.length, reason);
  };
  for (let i = 0; i < goodCount; i++) {
    const kp = realKeypair();
    rows.push({
      line: rows.length + 1,
      address: kp.address,
      privateKey: kp.base58Secret,
      ...(i % 2 === 0 ? { price: '0.75' } : {}),
      ...(i % 5 === 0 ? { pattern: kp.address.slice(0, 4), patternType: 'prefix' } : {}),
    });
    good.add(kp.address);
    if (i % every !== every - 1 || bad.size >= badGroups * BAD_KINDS) continue;
    const a = realKeypair();
    addBad({ address: 'not base58 0OIl', privateKey: a.base58Secret }, /not a valid Solana address/);
    addBad({ address: realKeypair().address }, /private key is missing/);
    addBad({ address: a.address, privateKey: realKeypair().base58Secret }, /ownership verification failed/);
    const b = realKeypair();
    addBad({ address: b.address, privateKey: b.base58Secret, price: '0' }, /greater than 0/);
    addBad({ address: kp.address, privateKey: kp.base58Secret }, /duplicate address \(already on line \d+\)/);
    const listed = realKeypair();
    prelisted.push(listed);
    addBad({ address: listed.address, privateKey: listed.base58Secret }, /already listed/);
    addBad({ address: lookalike(), privateKey: realKeypair().base58Secret }, /Looks like USDC mint/);
    const c = realKeypair();
    addBad({ address: c.address, privateKey: c.base58Secret, platform: 'ethereum' }, /platform must be solana/);
  }
  return { rows, bad, good, prelisted };
}

/** Lists the upload's `prelisted` keys one by one, as a seller did before the upload repeats them. */
export async function listPrelisted(
  origin: string,
  headers: Record<string, string>,
  upload: BulkUpload,
): Promise<void> {
  for (const kp of upload.prelisted) {
    const res = await fetch(`${origin}/api/addresses`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ address: kp.address, price: '1.5', privateKey: kp.base58Secret }),
    });
    if (res.status !== 201) throw new Error(`pre-listing failed: ${res.status} ${await res.text()}`);
  }
}

/** Checks the answer against what the upload holds: exactly the good rows stored, every bad line reported. */
export function checkAnswer(body: BulkCreateResponse, upload: BulkUpload): string[] {
  const problems: string[] = [];
  if (body.successful !== upload.good.size) problems.push(`${body.successful} stored, ${upload.good.size} expected`);
  if (body.failed !== upload.bad.size) problems.push(`${body.failed} failed, ${upload.bad.size} expected`);
  if (body.results.length !== upload.rows.length) problems.push(`${body.results.length} results`);
  const reported = new Map(
    body.errors.map((e) => {
      const m = /^Line (\d+): (.*)$/.exec(e);
      return [Number(m?.[1]), m?.[2] ?? ''];
    }),
  );
  for (const [line, reason] of upload.bad) {
    if (!reason.test(reported.get(line) ?? '')) problems.push(`line ${line}: ${reported.get(line) ?? 'not reported'}`);
  }
  body.results.forEach((r, i) => {
    const ok = upload.good.has(upload.rows[i]!.address) && !upload.bad.has(i + 1);
    if ((r.status === 'success') !== ok) problems.push(`line ${i + 1} is ${r.status}`);
  });
  return problems.slice(0, 5);
}

/** Signs in over HTTP the way a wallet does (Sign-In With Solana) and returns the session cookie. */
export async function signInOverHttp(origin: string, keys: CryptoKeyPair): Promise<string> {
  const address = await getAddressFromPublicKey(keys.publicKey);
  const post = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const challenge = (await (await post('/api/auth/challenge', { address })).json()) as {
    message: string;
    input: unknown;
  };
  const bytes = new TextEncoder().encode(challenge.message);
  const res = await post('/api/auth/verify', {
    input: challenge.input,
    signedMessage: Buffer.from(bytes).toString('base64'),
    signature: Buffer.from(await signBytes(keys.privateKey, bytes)).toString('base64'),
  });
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?vv_session=/.test(c));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookie.split(';')[0]!;
}

export async function adminWallet(): Promise<{ keys: CryptoKeyPair; address: string }> {
  const keys = await generateKeyPair();
  return { keys, address: await getAddressFromPublicKey(keys.publicKey) };
}

/** CPU time (user + system, ms) of a process, all its threads included, or of one thread. */
export function cpuMs(pid: number, tid?: number): number {
  try {
    const stat = readFileSync(tid ? `/proc/${pid}/task/${tid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** CPU time (ms) of each thread of a process, by thread id, with its name. */
export function threadCpu(pid: number): Map<number, { name: string; ms: number }> {
  const out = new Map<number, { name: string; ms: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      out.set(tid, { name, ms: cpuMs(pid, tid) });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

/** VmRSS and VmHWM (peak RSS since start or since `resetPeakRss`) of a process, in bytes. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets a process's peak RSS (VmHWM) to its current RSS (Linux: `echo 5 > /proc/<pid>/clear_refs`). */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
