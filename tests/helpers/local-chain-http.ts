import { request } from 'node:http';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import { generateKeyPairSigner, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import type { LocalValidator } from '@local-chain';
import WebSocket from 'ws';
import { signedWireTransaction } from './wire-transaction';
import { LAMPORTS_PER_SOL } from '@shared/money';

// Test support (node-only): raw HTTP and WebSocket to the local chain from a chosen loopback address and origin
// (a second client is 127.0.0.2: Linux routes all of 127/8 to loopback), event-loop stalls, and large accounts.

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A POST as a browser page (`origin`) or a tool (none) at `localAddress` would send it. */
export function post(
  url: string,
  body: string,
  options: { origin?: string; localAddress?: string; method?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method ?? 'POST',
        localAddress: options.localAddress,
        headers: { 'content-type': 'application/json', ...(options.origin ? { origin: options.origin } : {}) },
      },
      (res) => {
        // Decoded a chunk at a time, as it arrives: decoding a 5.6 MB answer at its end held this process's loop
        // 40 ms, which the stall tests (longestStallMs) counted against the server they measure.
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.method === 'OPTIONS' ? undefined : body);
  });
}

export const rpcCall = (method: string, params: unknown[] = [], id: unknown = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** This thread's CPU time so far, in ms: user and system (a large socket write holds the loop in the kernel). */
export const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * Runs `work` and reports the longest the event loop was held at once meanwhile: this process serves the chain, so a
 * stall here is a stall for every other client. A timer due every millisecond reads this thread's CPU time at each
 * turn of the loop; the largest step between two turns is the longest the loop ran without reaching its timers.
 *
 * CPU time, not the wall clock (monitorEventLoopDelay): a loaded machine deschedules a process for tens of ms with
 * nothing running (2 shared cores at a load of 5 held CI's idle loop past 50 ms in three runs in a row), and that is
 * no stall of ours. What is left of noise (a garbage collection on this thread) does not repeat, while a stall the
 * work causes does: when a run stalls past `limitMs`, the (idempotent) work is run again, up to `attempts` times,
 * and the smallest stall is reported.
 */
export async function longestStallMs<T>(
  work: () => Promise<T>,
  { limitMs = 50, attempts = 3 }: { limitMs?: number; attempts?: number } = {},
): Promise<{ value: T; stallMs: number }> {
  let best: { value: T; stallMs: number } | undefined;
  for (let attempt = 0; attempt < attempts && !(best && best.stallMs < limitMs); attempt++) {
    let last = threadCpuMs();
    let stallMs = 0;
    const turn = () => {
      const now = threadCpuMs();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    };
    const timer = setInterval(turn, 1);
    try {
      const value = await work();
      turn();
      if (!best || stallMs < best.stallMs) best = { value, stallMs };
    } finally {
      clearInterval(timer);
    }
  }
  return best!;
}

export async function openSocket(url: string, options: { localAddress?: string; origin?: string } = {}) {
  const socket = new WebSocket(url, { localAddress: options.localAddress, origin: options.origin });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

/** Sends one request on a socket and resolves with the answer of the same id. */
export function ask(socket: WebSocket, id: number | string, method: string, params: unknown[] = []) {
  return new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { id?: unknown };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message as never);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify(rpcCall(method, params, id)));
  });
}

/** Lands a transaction built from `instructions`, paid by `payer`, through the validator's own JSON-RPC. */
export async function land(validator: LocalValidator, payer: KeyPairSigner, instructions: Instruction[]) {
  const latest = (await validator.handle(rpcCall('getLatestBlockhash'))) as {
    result: { value: { blockhash: string; lastValidBlockHeight: number } };
  };
  const wire = await signedWireTransaction(payer, instructions, latest.result.value);
  const answer = (await validator.handle(rpcCall('sendTransaction', [wire, { encoding: 'base64' }]))) as {
    result?: string;
    error?: unknown;
  };
  if (!answer.result) throw new Error(`transaction refused: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/** A System-owned account with `space` bytes of (zero) data, made by CreateAccount: as any stranger can. */
export async function createLargeAccount(validator: LocalValidator, payer: KeyPairSigner, space: number) {
  const account = await generateKeyPairSigner();
  const rent = (await validator.handle(rpcCall('getMinimumBalanceForRentExemption', [space]))) as { result: number };
  await land(validator, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      lamports: BigInt(rent.result),
      space,
      programAddress: SYSTEM_PROGRAM,
    }),
  ]);
  return account.address;
}

/**
 * Accounts a stranger can make, for reads of every size: a funded wallet with no data, then base58's 128 bytes and
 * one more, 32 KiB, 1 MiB and 5 MiB of data. Their addresses, the wallet's first.
 */
export async function accountsOfEverySize(validator: LocalValidator): Promise<string[]> {
  const payer = await generateKeyPairSigner();
  await validator.airdrop(payer.address, 100n * LAMPORTS_PER_SOL);
  const addresses = [payer.address as string];
  for (const space of [128, 129, 32 * 1024, 1024 * 1024, 5 * 1024 * 1024]) {
    addresses.push(await createLargeAccount(validator, payer, space));
  }
  return addresses;
}

/** A transfer of `lamports` to `to`: a transaction that writes `to` without changing its data. */
export const transferTo = (payer: KeyPairSigner, to: Address, lamports: bigint) =>
  getTransferSolInstruction({ source: payer, destination: to, amount: lamports });
