import {
  generateKeyPairSigner,
  getSignatureFromTransaction,
  type Address,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fundedSigner, sendSigned, startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { sendTransfer, signedTransfer } from '@tests/helpers/local-chain-payments';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
let chain: LocalChain;
let payer: KeyPairSigner;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  chain = await startLocalChain({ slotMs: 100 });
  payer = await fundedSigner(chain.rpc, 10_000_000_000n);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
afterAll(() => chain.stop());

interface Client {
  socket: WebSocket;
  request(method: string, params?: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }>;
  /** The next notification of `method` (waits for it). */
  next(method: string): Promise<{ result: unknown; subscription: number }>;
}

async function connect(url = chain.wsUrl): Promise<Client> {
  const socket = new WebSocket(url);
  sockets.push(socket);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const messages: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const wake of waiters.splice(0)) wake();
  });
  async function take(match: (m: Record<string, unknown>) => boolean, timeoutMs = 5_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = messages.findIndex(match);
      if (at !== -1) return messages.splice(at, 1)[0]!;
      if (Date.now() > deadline) throw new Error('no such message in time');
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  let id = 0;
  return {
    socket,
    async request(method, params = []) {
      const requestId = ++id;
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: requestId, method, params }));
      return (await take((m) => m.id === requestId)) as never;
    },
    async next(method) {
      return ((await take((m) => m.method === method)) as { params: never }).params;
    },
  };
}

/** A signed transfer not sent yet, so a test can subscribe to its signature first. */
async function unsentTransfer(to: Address, on: LocalChain = chain, from: KeyPairSigner = payer) {
  const signed = await signedTransfer(on.rpc, from, to, 1_000_000n);
  return { signed, signature: getSignatureFromTransaction(signed) };
}

const transfer = (to: Address, amount = 1_000_000n): Promise<Signature> => sendTransfer(chain.rpc, payer, to, amount);

describe('PubSub over WebSocket', () => {
  it('signatureSubscribe: receivedSignature, then the status at confirmed, then the subscription ends', async () => {
    const client = await connect();
    const recipient = await generateKeyPairSigner();
    // Subscribing before the transaction exists: the id is the signature we are about to send.
    const { signed, signature } = await unsentTransfer(recipient.address);
    const sub = await client.request('signatureSubscribe', [
      signature,
      { commitment: 'confirmed', enableReceivedNotification: true },
    ]);
    expect(typeof sub.result).toBe('number');
    await sendSigned(chain.rpc, signed);
    const received = await client.next('signatureNotification');
    expect(received).toEqual({
      result: { context: { slot: expect.any(Number) }, value: 'receivedSignature' },
      subscription: sub.result,
    });
    const status = await client.next('signatureNotification');
    expect(status).toEqual({
      result: { context: { slot: expect.any(Number) }, value: { err: null } },
      subscription: sub.result,
    });
    // One-shot: unsubscribing afterwards finds nothing.
    expect((await client.request('signatureUnsubscribe', [sub.result])).error?.code).toBe(-32602);
  });

  it('signatureSubscribe at finalized waits for finalization; a landed signature is answered on subscribe', async () => {
    const client = await connect();
    const signature = await transfer((await generateKeyPairSigner()).address);
    const landedSlot = (await chain.rpc.getSignatureStatuses([signature]).send()).value[0]!.slot;
    const sub = await client.request('signatureSubscribe', [signature, { commitment: 'finalized' }]);
    const note = (await client.next('signatureNotification')) as { result: { value: unknown } };
    expect(note.result.value).toEqual({ err: null });
    const status = (await chain.rpc.getSignatureStatuses([signature]).send()).value[0]!;
    expect(status.confirmationStatus).toBe('finalized');
    expect(status.slot).toBe(landedSlot);
    expect(typeof sub.result).toBe('number');
  });

  it('signatureSubscribe: processed notifies on landing, and receivedSignature comes on arrival even at finalized', async () => {
    // Finality 100 s away: neither notification can be waiting for it.
    const slow = await startLocalChain({ slotMs: 100, finalitySlots: 1_000 });
    try {
      const client = await connect(slow.wsUrl);
      const funded = await fundedSigner(slow.rpc, LAMPORTS_PER_SOL);
      const { signed, signature } = await unsentTransfer((await generateKeyPairSigner()).address, slow, funded);
      const processed = await client.request('signatureSubscribe', [signature, { commitment: 'processed' }]);
      const finalized = await client.request('signatureSubscribe', [
        signature,
        { commitment: 'finalized', enableReceivedNotification: true },
      ]);
      await sendSigned(slow.rpc, signed);
      const notes = [await client.next('signatureNotification'), await client.next('signatureNotification')];
      expect(notes).toEqual(
        expect.arrayContaining([
          {
            result: { context: { slot: expect.any(Number) }, value: { err: null } },
            subscription: processed.result,
          },
          {
            result: { context: { slot: expect.any(Number) }, value: 'receivedSignature' },
            subscription: finalized.result,
          },
        ]),
      );
      const [status] = (await slow.rpc.getSignatureStatuses([signature]).send()).value;
      expect(status?.confirmationStatus).toBe('confirmed');
    } finally {
      await slow.stop();
    }
  });

  it("logsSubscribe 'all' sees every transaction's logs", async () => {
    const client = await connect();
    const logs = await client.request('logsSubscribe', ['all', { commitment: 'confirmed' }]);
    const signatures = [
      await transfer((await generateKeyPairSigner()).address),
      await transfer((await generateKeyPairSigner()).address),
    ];
    const seen = [await client.next('logsNotification'), await client.next('logsNotification')];
    expect(seen).toEqual(
      signatures.map((signature) => ({
        result: {
          context: { slot: expect.any(Number) },
          value: { signature, err: null, logs: expect.arrayContaining([`Program ${SYSTEM_PROGRAM} success`]) },
        },
        subscription: logs.result,
      })),
    );
  });

  it('slotSubscribe and rootSubscribe tick with the ledger clock; unsubscribe stops them', async () => {
    const client = await connect();
    const slotSub = await client.request('slotSubscribe');
    const first = (await client.next('slotNotification')).result as { slot: number; parent: number; root: number };
    expect(first).toEqual({ slot: expect.any(Number), parent: first.slot - 1, root: first.slot - 2 });
    const second = (await client.next('slotNotification')).result as { slot: number };
    expect(second.slot).toBeGreaterThan(first.slot);
    const rootSub = await client.request('rootSubscribe');
    const root = await client.next('rootNotification');
    expect(root).toEqual({ result: expect.any(Number), subscription: rootSub.result });
    expect(await client.request('slotUnsubscribe', [slotSub.result])).toMatchObject({ result: true });
    expect((await client.request('slotUnsubscribe', [slotSub.result])).error).toEqual({
      code: -32602,
      message: 'Invalid subscription id.',
    });
    // Another kind's unsubscribe cannot end it either.
    expect((await client.request('slotUnsubscribe', [rootSub.result])).error?.code).toBe(-32602);
  });

  it('accountSubscribe, programSubscribe and logsSubscribe (mentions) see a transfer in the documented shapes', async () => {
    const client = await connect();
    const recipient = (await generateKeyPairSigner()).address;
    const account = await client.request('accountSubscribe', [
      recipient,
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    const program = await client.request('programSubscribe', [
      SYSTEM_PROGRAM,
      { encoding: 'base64', commitment: 'confirmed', filters: [{ dataSize: 0 }] },
    ]);
    const logs = await client.request('logsSubscribe', [{ mentions: [recipient] }, { commitment: 'confirmed' }]);
    const signature = await transfer(recipient, 2_000_000n);

    expect(await client.next('accountNotification')).toEqual({
      result: {
        context: { slot: expect.any(Number) },
        value: {
          data: ['', 'base64'],
          executable: false,
          lamports: 2_000_000,
          owner: SYSTEM_PROGRAM,
          rentEpoch: 0,
          space: 0,
        },
      },
      subscription: account.result,
    });
    const programNotes: { result: { value: { pubkey: string } } }[] = [];
    programNotes.push((await client.next('programNotification')) as never);
    programNotes.push((await client.next('programNotification')) as never);
    expect(programNotes.map((n) => n.result.value.pubkey).sort()).toEqual([payer.address, recipient].sort());
    expect(programNotes.map((n) => (n as unknown as { subscription: number }).subscription)).toEqual([
      program.result,
      program.result,
    ]);
    expect(await client.next('logsNotification')).toEqual({
      result: {
        context: { slot: expect.any(Number) },
        value: { signature, err: null, logs: expect.arrayContaining([`Program ${SYSTEM_PROGRAM} success`]) },
      },
      subscription: logs.result,
    });
  });

  it('answers bad requests with JSON-RPC errors and keeps the connection', async () => {
    const client = await connect();
    expect((await client.request('nope')).error?.code).toBe(-32601);
    expect((await client.request('accountSubscribe', ['not-an-address'])).error?.code).toBe(-32602);
    expect((await client.request('logsSubscribe', [{ mentions: [payer.address, SYSTEM_PROGRAM] }])).error?.code).toBe(
      -32602,
    );
    expect((await client.request('signatureUnsubscribe', ['x'])).error?.code).toBe(-32602);
    client.socket.send('{not json');
    expect((await client.request('slotSubscribe')).result).toEqual(expect.any(Number));
  });
});
