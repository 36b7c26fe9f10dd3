import { getTransferSolInstruction } from '@solana-program/system';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type Signature,
  type Transaction,
} from '@solana/kit';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalValidator,
  serveLocalValidator,
  type LocalValidator,
  type LocalValidatorOptions,
  type WsTransportOptions,
} from '@local-chain';

// Test support (node-only): a local validator on a loopback port, reached with kit's own createSolanaRpc.

// `devnet()` only brands the URL so kit's types include requestAirdrop, as for any test cluster.
const rpcFor = (url: string) => createSolanaRpc(devnet(url));
export type TestRpc = ReturnType<typeof rpcFor>;

export interface LocalChain {
  validator: LocalValidator;
  url: string;
  /** PubSub (WebSocket) on the same port. */
  wsUrl: string;
  rpc: TestRpc;
  stop(): Promise<void>;
}

export async function startLocalChain(
  options: LocalValidatorOptions & { ws?: WsTransportOptions } = {},
): Promise<LocalChain> {
  const validator = await createLocalValidator(options);
  const server = await serveLocalValidator(validator, { ws: options.ws });
  return {
    validator,
    url: server.url,
    wsUrl: server.wsUrl!,
    rpc: rpcFor(server.url),
    async stop() {
      await server.close();
      await validator.close();
    },
  };
}

export async function withTempDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'vv-chain-'));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A fresh keypair funded through the RPC's requestAirdrop. */
export async function fundedSigner(rpc: TestRpc, amount: bigint): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await rpc.requestAirdrop(signer.address, lamports(amount)).send();
  return signer;
}

export async function latestLifetime(rpc: TestRpc): Promise<{ blockhash: Blockhash; lastValidBlockHeight: bigint }> {
  return (await rpc.getLatestBlockhash().send()).value;
}

/** One System transfer of `amount` lamports from `from`, who pays the fee too; ready to sign. */
export function solTransferMessage(
  from: KeyPairSigner,
  to: Address,
  amount: bigint,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  version: 0 | 'legacy' = 0,
) {
  return pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions([getTransferSolInstruction({ source: from, destination: to, amount })], m),
  );
}

type SignableMessage = Parameters<typeof signTransactionMessageWithSigners>[0];

export async function signMessage(message: SignableMessage): Promise<Transaction> {
  return signTransactionMessageWithSigners(message);
}

export async function sendSigned(rpc: TestRpc, tx: Transaction, skipPreflight = false): Promise<Signature> {
  return rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight }).send();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, which tests check field by field
type WireJson = any;

/** Raw JSON-RPC over HTTP: the exact wire answer, not a client's reshaping of it. */
export async function rawRpc(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<{ result?: WireJson; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return response.json();
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
