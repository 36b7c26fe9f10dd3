import {
  blockhash,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalValidator, STATE_FILE_NAME, type LocalValidator } from '@local-chain';
import { solTransferMessage } from '@tests/helpers/local-chain';
import { onCleanup } from './lib/cleanup';
import { table } from './lib/report';
import { startServer } from './lib/server-process';

/**
 * `npm run bench -- chain`: the local chain behind the real server's `POST /rpc` (child process,
 * embedded database, its own DATA_DIR so the chain journal is on disk and fsynced as in use).
 *   1. Throughput: 1,000 transfers sent with 16 in flight, at the start of history and again after 9,000 more.
 *   2. Land and confirm one transfer (sendTransaction, then getSignatureStatuses until `confirmed`), one at a
 *      time, 40 samples, at 1,000 and at 10,000 transactions of history.
 *   3. The validator alone, in process: each of 10,000 transfers landed one at a time, timed by 1,000s of history,
 *      so a growth with history shows without HTTP or the server in the way.
 * Transactions are signed before their timer starts: the numbers are the chain's, not the client's signing.
 */
const CONCURRENCY = 16;
const SAMPLES = 40;
const WINDOW = 1_000;
const RECIPIENTS = 50;

interface RpcAnswer<T> {
  result?: T;
  error?: { code: number; message: string };
}

/** One JSON-RPC call, over HTTP or straight into the validator. */
type Call = <T>(method: string, params: unknown[]) => Promise<T>;

function answerOf<T>(method: string, answer: RpcAnswer<T>): T {
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

const overHttp =
  (url: string): Call =>
  async <T>(method: string, params: unknown[]) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return answerOf(method, (await res.json()) as RpcAnswer<T>);
  };

const inProcess =
  (validator: LocalValidator): Call =>
  async <T>(method: string, params: unknown[]) =>
    answerOf(method, (await validator.handle({ jsonrpc: '2.0', id: 1, method, params })) as RpcAnswer<T>);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => n.toFixed(1);

/** Signs transfers from `payer`, each with a distinct amount so no two share a signature. */
function transferSigner(rpc: Call, payer: KeyPairSigner, recipients: KeyPairSigner[]) {
  let n = 0;
  return async function sign(count: number): Promise<string[]> {
    const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [
      { commitment: 'confirmed' },
    ]);
    const lifetime = {
      blockhash: blockhash(value.blockhash),
      lastValidBlockHeight: BigInt(value.lastValidBlockHeight),
    };
    const out: string[] = [];
    for (let i = 0; i < count; i++, n++) {
      const to = recipients[n % recipients.length]!.address;
      const message = solTransferMessage(payer, to, BigInt(n < recipients.length ? 1_000_000 + n : 1 + n), lifetime);
      out.push(getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message)));
    }
    return out;
  };
}

/** Every transaction landed so far (the funding airdrop included): the history length. */
let landed = 0;
async function send(rpc: Call, wire: string): Promise<string> {
  const signature = await rpc<string>('sendTransaction', [wire, { encoding: 'base64' }]);
  landed++;
  return signature;
}

/** Sends every transaction, `CONCURRENCY` in flight; transactions per second. */
async function throughput(rpc: Call, wires: string[]): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < wires.length) await send(rpc, wires[next++]!);
    }),
  );
  return (wires.length / (performance.now() - start)) * 1000;
}

/** Sends `count` transactions in batches of `WINDOW` (fresh blockhash each), untimed. */
async function fill(rpc: Call, sign: (n: number) => Promise<string[]>, count: number): Promise<void> {
  for (let done = 0; done < count; done += WINDOW) await throughput(rpc, await sign(Math.min(WINDOW, count - done)));
}

async function landAndConfirm(rpc: Call, wires: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const wire of wires) {
    const start = performance.now();
    const signature = await send(rpc, wire);
    for (;;) {
      const { value } = await rpc<{ value: ({ confirmationStatus: string } | null)[] }>('getSignatureStatuses', [
        [signature],
      ]);
      if (value[0]?.confirmationStatus === 'confirmed' || value[0]?.confirmationStatus === 'finalized') break;
    }
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** A payer with 100 SOL (one airdrop's most) and `RECIPIENTS` rent-exempt recipients; returns the transfer signer. */
async function prepare(rpc: Call) {
  const payer = await generateKeyPairSigner();
  const recipients = await Promise.all(Array.from({ length: RECIPIENTS }, () => generateKeyPairSigner()));
  await rpc('requestAirdrop', [payer.address, 100_000_000_000]);
  landed = 1;
  const sign = transferSigner(rpc, payer, recipients);
  // The first transfers make the recipients rent-exempt, so the later ones of a few lamports land.
  await throughput(rpc, await sign(RECIPIENTS));
  return sign;
}

async function overHttpTables(): Promise<string> {
  const server = await startServer('');
  try {
    const rpc = overHttp(`${server.origin}/rpc`);
    const sign = await prepare(rpc);
    const tps: [string, number][] = [];
    tps.push(['first 1,000', await throughput(rpc, await sign(WINDOW))]);
    const history1k = landed;
    const at1k = await landAndConfirm(rpc, await sign(SAMPLES));
    await fill(rpc, sign, 9_000 - SAMPLES - WINDOW);
    tps.push(['after 9,000 more', await throughput(rpc, await sign(WINDOW))]);
    const history10k = landed;
    const at10k = await landAndConfirm(rpc, await sign(SAMPLES));
    return [
      table(
        ['History (transactions)', 'Transactions/s landed through /rpc (16 in flight)'],
        tps.map(([label, rate]) => [label, rate.toFixed(0)]),
      ),
      '',
      table(
        ['History when measured', 'Land + confirm one transfer, median (ms)', 'p95 (ms)', 'max (ms)', 'samples'],
        [
          [history1k.toLocaleString('en'), ms(pct(at1k, 0.5)), ms(pct(at1k, 0.95)), ms(at1k.at(-1)!), SAMPLES],
          [history10k.toLocaleString('en'), ms(pct(at10k, 0.5)), ms(pct(at10k, 0.95)), ms(at10k.at(-1)!), SAMPLES],
        ],
      ),
    ].join('\n');
  } finally {
    await server.stop();
  }
}

/** The validator alone (no HTTP, no server): every transfer landed one at a time and timed, by 1,000s of history. */
async function inProcessTable(): Promise<string> {
  const stateDir = await mkdtemp(path.join(os.tmpdir(), 'vv_bench_chain_'));
  const removeDir = onCleanup(`remove ${stateDir}`, () => rm(stateDir, { recursive: true, force: true }));
  const validator = await createLocalValidator({ stateDir });
  try {
    const rpc = inProcess(validator);
    const sign = await prepare(rpc);
    const rows: (string | number)[][] = [];
    for (let window = 0; window < 10; window++) {
      const from = landed;
      const times: number[] = [];
      for (const wire of await sign(WINDOW)) {
        const start = performance.now();
        await send(rpc, wire);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      rows.push([
        `${from.toLocaleString('en')} → ${landed.toLocaleString('en')}`,
        ms(pct(times, 0.5)),
        ms(pct(times, 0.95)),
        ms(times.at(-1)!),
      ]);
    }
    const sizes = await Promise.all(
      [STATE_FILE_NAME, 'local-chain.journal'].map(async (name) => {
        const { size } = await stat(path.join(stateDir, name));
        return `\`${name}\` ${(size / 1024 / 1024).toFixed(1)} MiB`;
      }),
    );
    return [
      table(['History', 'sendTransaction alone, median (ms)', 'p95 (ms)', 'max (ms)'], rows),
      '',
      `Files at the end: ${sizes.join(', ')}. A compaction (the journal outgrew the snapshot: the whole state ` +
        'rewritten, once per doubling of the history) lands in one window’s maximum; the other maxima are pauses of ' +
        'this shared machine (see its load average above), as the flat medians and p95s show.',
    ].join('\n');
  } finally {
    await validator.close();
    await removeDir();
  }
}

export async function benchChain(): Promise<string> {
  const http = await overHttpTables();
  const alone = await inProcessTable();
  return [
    'The real server (`src/server/main.ts`, child process, embedded database, local chain journal in its DATA_DIR, ' +
      'fsync per landed transaction) on loopback. The client signs every transfer before its timer starts; ' +
      'a confirm is `getSignatureStatuses` until `confirmed`.',
    '',
    http,
    '',
    'The validator alone, in process, with its journal in a temp folder: one `sendTransaction` at a time, 10,000 ' +
      'transfers.',
    '',
    alone,
  ].join('\n');
}
