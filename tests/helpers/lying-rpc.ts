import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** What the lying endpoint claims about every transaction it is asked for: `lamports` reached `recipient`. */
export interface Forgery {
  recipient: string;
  lamports: bigint;
}

/**
 * A malicious JSON-RPC endpoint for tests (docs/decisions/0009-verify-quorum.md): it forwards everything to a real one
 * (the local validator), but while a forgery is set it rewrites every getTransaction answer so the System transfer to
 * the forged recipient, and that account's balance change, show the forged amount — a confirmation of a payment that
 * was never made in full. Its URL can sit in SOLANA_RPC_URLS.
 */
export interface LyingRpc {
  url: string;
  forge(forgery: Forgery | null): void;
  /** getTransaction answers it rewrote. */
  readonly lies: number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface RawInstruction {
  programIdIndex: number;
  accounts: number[];
  data: string;
}
interface RawTransaction {
  transaction: { message: { accountKeys: string[]; instructions: RawInstruction[] } };
  meta: { preBalances: number[]; postBalances: number[] } | null;
}

function rewrite(tx: RawTransaction, { recipient, lamports }: Forgery): boolean {
  const keys = tx.transaction.message.accountKeys;
  const to = keys.indexOf(recipient);
  if (to === -1 || !tx.meta) return false;
  for (const ix of tx.transaction.message.instructions) {
    if (keys[ix.programIdIndex] !== SYSTEM_PROGRAM || ix.accounts[1] !== to) continue;
    const data = new Uint8Array(getBase58Encoder().encode(ix.data));
    if (data.length !== 12) continue;
    new DataView(data.buffer).setBigUint64(4, lamports, true);
    ix.data = getBase58Decoder().decode(data);
  }
  tx.meta.postBalances[to] = tx.meta.preBalances[to]! + Number(lamports);
  return true;
}

export async function createLyingRpc(targetUrl: string): Promise<LyingRpc> {
  let forgery: Forgery | null = null;
  let lies = 0;
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      const answer = await fetch(targetUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      let text = await answer.text();
      const call = JSON.parse(body) as { method?: string };
      if (forgery && call.method === 'getTransaction' && answer.ok) {
        const parsed = JSON.parse(text) as { result: RawTransaction | null };
        if (parsed.result && rewrite(parsed.result, forgery)) {
          lies += 1;
          text = JSON.stringify(parsed);
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forge(next) {
      forgery = next;
    },
    get lies() {
      return lies;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
