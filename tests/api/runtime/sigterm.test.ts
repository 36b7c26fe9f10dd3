import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKeypair } from '@tests/helpers/keypair';
import { newWallet } from '@tests/helpers/wallet';
import { Client, FaultServer } from '@tests/helpers/fault-server';
import { SOL } from '@tests/helpers/purchases';

/**
 * SIGTERM under load (docs/reliability.md#shutdown-sigterm): the real server process (`main.ts`) takes a steady stream
 * of reads and purchase reservations from several clients at once and is sent SIGTERM in the middle of it. Every
 * request it accepted (its own log says "incoming request") is answered, none with a 5xx; every answer a client got
 * matches one the server logged; the only failures are connections refused after the signal; the process exits 0 with
 * no error logged; and a restart on the same data finds exactly the reservations the clients were told about.
 */

const BUYERS = 10;
const LOOPS = 8;
/** SIGTERM goes out when this many answers are in: the stream is well under way, more requests in flight. */
const SIGNAL_AFTER = 40;
const MARKER = '/api/health?stream=start';
const UPLOAD_ROWS = 300;
const UPLOAD_ACCEPTED = /"url":"\/api\/bulk-create-listings\/upload"[^\n]*"msg":"incoming request"/;

interface Listed {
  id: string;
  address: string;
  price: string;
}

let server: FaultServer;
let seller: Client;
const listings: Listed[] = [];
const buyers: Client[] = [];
const uploaded = Array.from({ length: UPLOAD_ROWS }, () => newKeypair());
// Lines of `address,private key,pattern,price`.
const csv = uploaded.map((k) => `${k.address},${k.forms.base58Secret},,0.05\n`).join('');

beforeAll(async () => {
  const sellerWallet = await newWallet();
  // debug: the test reads every request's 'incoming request' and 'request completed' lines, and 2xx ones are logged
  // at debug, so that a terminal at the default level stays calm.
  server = await FaultServer.create([sellerWallet.walletAddress], { LOG_LEVEL: 'debug' });
  await server.start();
  seller = await Client.signIn(server, sellerWallet);
  for (let i = 0; i < BUYERS; i++) {
    const keypair = newKeypair();
    const price = '0.1';
    listings.push({
      id: await seller.createListing(keypair.address, keypair.forms.base58Secret, price),
      address: keypair.address,
      price,
    });
    const buyer = await Client.signIn(server);
    await server.airdrop(buyer.walletAddress, SOL);
    buyers.push(buyer);
  }
}, 180_000);

afterAll(async () => {
  await server?.close();
});

type Outcome =
  | { kind: 'answered'; what: string; status: number; body: Record<string, unknown> }
  | { kind: 'failed'; what: string; error: string; afterSignal: boolean };

interface LogLine {
  msg?: string;
  level?: number;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
}

describe('SIGTERM under load', { timeout: 120_000 }, () => {
  it('answers every accepted request without a 5xx, exits 0, and a restart finds what the clients were told', async () => {
    const outcomes: Outcome[] = [];
    let signalled = false;
    let stopping: Promise<string> | undefined;
    let nextBuyer = 0;
    let upload: ReturnType<Client['uploadCsv']> | undefined;
    const reads = [
      () => '/api/addresses/featured',
      () => '/api/market-stats',
      () => '/api/addresses/search?query=ab',
      () => `/api/addresses/by-address/${listings[outcomes.length % listings.length]!.address}`,
    ];

    const step = async (n: number): Promise<boolean> => {
      // Every fourth request is a purchase step while buyers are left: a reservation (a database transaction).
      const buyerIndex = n % 4 === 3 && nextBuyer < BUYERS ? nextBuyer++ : -1;
      const what = buyerIndex >= 0 ? `initiate #${buyerIndex}` : reads[n % reads.length]!();
      try {
        const res =
          buyerIndex >= 0 ? await buyers[buyerIndex]!.initiate(listings[buyerIndex]!) : await seller.call('GET', what);
        outcomes.push({ kind: 'answered', what, status: res.status, body: res.body });
        if (!signalled && outcomes.length >= SIGNAL_AFTER) {
          signalled = true;
          // The signal goes out once the server has taken a bulk upload (seconds of work), so at least that one
          // request is certainly in flight; the stream's own are too, most of the time.
          const started = server.waitForOutput(UPLOAD_ACCEPTED);
          upload = seller.uploadCsv(csv);
          await started;
          stopping = server.stop();
        }
        return true;
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({
          kind: 'failed',
          what,
          error: cause?.code ?? cause?.message ?? String(err),
          afterSignal: signalled,
        });
        return false;
      }
    };

    // Everything the server logs after this request's answer is the stream's.
    expect((await seller.call('GET', MARKER)).status).toBe(200);
    let counter = 0;
    await Promise.all(
      Array.from({ length: LOOPS }, async () => {
        // Each loop goes on until the server stops taking connections.
        while (await step(counter++));
      }),
    );
    expect(stopping, 'the stream ended before the signal').toBeDefined();
    const output = await stopping!;
    // The upload taken before the signal was finished and answered in full.
    const uploadAnswer = await upload!;
    expect(uploadAnswer).toMatchObject({ status: 200, body: { successful: UPLOAD_ROWS, failed: 0 } });

    const answered = outcomes.filter((o) => o.kind === 'answered');
    const failed = outcomes.filter((o) => o.kind === 'failed');
    expect(answered.filter((o) => o.status >= 500)).toEqual([]);
    // A request that got no answer must be one the server never took: a refused (or reset) connection, after SIGTERM.
    for (const f of failed) {
      expect(f.afterSignal, `${f.what}: ${f.error}`).toBe(true);
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'], `${f.what}: ${f.error}`).toContain(f.error);
    }

    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as LogLine);
    const incoming = new Set(lines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId));
    const completed = lines.filter((l) => l.msg === 'request completed');
    const shutdownAt = lines.findIndex((l) => l.msg?.startsWith('shutting down'));
    expect(shutdownAt, 'the server logged its shutdown').toBeGreaterThanOrEqual(0);
    // Every accepted request was answered, and none with a 5xx.
    expect(new Set(completed.map((l) => l.reqId))).toEqual(incoming);
    expect(completed.filter((l) => (l.res?.statusCode ?? 0) >= 500)).toEqual([]);
    // Some were in flight when the signal came, and were still answered.
    const acceptedBefore = new Set(
      lines
        .slice(0, shutdownAt)
        .filter((l) => l.msg === 'incoming request')
        .map((l) => l.reqId),
    );
    const doneBefore = new Set(
      lines
        .slice(0, shutdownAt)
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.reqId),
    );
    // Requests were still being answered after the signal: in flight then, or arriving on an open connection.
    const inFlight = [...acceptedBefore].filter((id) => !doneBefore.has(id)).length;
    const answeredAfterSignal = lines.slice(shutdownAt).filter((l) => l.msg === 'request completed').length;
    process.stdout.write(
      `runtime/sigterm (${server.driver}): ${answered.length} answered, ${inFlight} in flight at SIGTERM, ` +
        `${answeredAfterSignal} answered after it, ${failed.length} refused after it\n`,
    );
    expect(inFlight).toBeGreaterThan(0);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    // The answers the stream's clients got are exactly those the server gave after the marker request.
    const marker = lines.find((l) => l.msg === 'incoming request' && l.req?.url === MARKER)!.reqId;
    const afterMarker = completed.slice(completed.findIndex((l) => l.reqId === marker) + 1);
    const statuses = (list: number[]) => [...list].sort((a, b) => a - b);
    expect(statuses(afterMarker.map((l) => l.res!.statusCode!))).toEqual(
      statuses([...answered.map((o) => o.status), uploadAnswer.status]),
    );
    expect(lines.filter((l) => (l.level ?? 0) >= 50)).toEqual([]);
    expect(output).not.toContain('Cannot use a pool');

    // After a restart: the reservations the clients were told about, and nothing else.
    const reserved = answered.filter((o) => o.what.startsWith('initiate') && o.status === 201);
    await server.start();
    for (const [i, listing] of listings.entries()) {
      const told = reserved.find((o) => o.what === `initiate #${i}`);
      const res = await seller.call('GET', `/api/addresses/by-address/${listing.address}`);
      expect(res.status).toBe(200);
      expect(res.body.status, `listing ${i}`).toBe(told ? 'pending' : 'available');
      if (told) {
        const purchase = await seller.call('GET', `/api/transactions/${String(told.body.transactionId)}`);
        expect(purchase.body.status).toBe('initiated');
      }
    }
    for (const k of [uploaded[0]!, uploaded[UPLOAD_ROWS - 1]!]) {
      expect((await seller.call('GET', `/api/addresses/by-address/${k.address}`)).body.status).toBe('available');
    }
    await server.stop();
    const purchases = await server.whileDown(
      async (db) =>
        (
          await db.query<{ n: number }>('select count(*)::int as n from transactions where address_id = any($1)', [
            listings.map((l) => l.id),
          ])
        )[0]!.n,
    );
    expect(purchases).toBe(reserved.length);
  });
});
