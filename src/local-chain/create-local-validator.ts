import { address, getBase58Decoder, getBase64Encoder, lamports } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { randomBytes } from 'node:crypto';
import type { ValidatorCore } from './core';
import { createFaucet } from './faucet';
import { createJsonRpcHandler, type CallGuard } from './json-rpc';
import { Ledger } from './ledger';
import { createLedgerClock, type LedgerClockState } from './ledger-clock';
import { accountMethods } from './methods/accounts';
import { blockMethods } from './methods/blocks';
import { clusterMethods } from './methods/cluster';
import { historyMethods } from './methods/history';
import { sendMethods } from './methods/send';
import { tokenMethods } from './methods/tokens';
import { createPubSub, type PubSub, type PubSubLimits } from './pubsub/pubsub';
import { createStateWriter, loadChainState, type StoredAccount } from './state-file';

export interface LocalValidatorOptions {
  /** Folder for the chain state (DATA_DIR/chain). Without one the chain lives in memory only. */
  stateDir?: string;
  /** Wall-clock length of a slot; 400 ms as on mainnet. */
  slotMs?: number;
  /** Slots after landing at which a transaction is reported finalized (see core.ts). */
  finalitySlots?: number;
  /** Journal size that triggers a compaction (default: DEFAULT_COMPACT_BYTES, and never below the snapshot's). */
  compactBytes?: number;
  /** Subscription caps of the PubSub (defaults: DEFAULT_PUBSUB_LIMITS). */
  pubsubLimits?: Partial<PubSubLimits>;
}

export interface LocalValidator {
  /**
   * A JSON-RPC 2.0 request or batch (parsed JSON or raw text) → response object(s). Never throws. `admit` runs
   * before each call and may refuse it with an RpcError (rate limits per call).
   */
  handle(body: unknown, admit?: CallGuard): Promise<unknown>;
  /** Sends lamports from the faucet; resolves with the airdrop transaction's signature once it is on disk. */
  airdrop(address: string, lamports: bigint): Promise<string>;
  /** Folds the journal into the snapshot (every landed transaction is already durable without it). */
  flush(): Promise<void>;
  /** Compacts the state; the instance must not be used afterwards. */
  close(): Promise<void>;
  readonly genesisHash: string;
  /** Solana PubSub (signatureSubscribe, …), served over WebSocket by `attachPubSub`. */
  readonly pubsub: PubSub;
  /** Where the node is served (`host:port`, null when not), as getClusterNodes reports it. */
  readonly endpoints: { rpc: string | null; pubsub: string | null };
}

function restoreAccount(svm: LiteSVM, key: string, stored: StoredAccount): void {
  const data = new Uint8Array(getBase64Encoder().encode(stored.data));
  svm.setAccount({
    address: address(key),
    lamports: lamports(BigInt(stored.lamports)),
    programAddress: address(stored.owner),
    executable: stored.executable,
    data,
    space: BigInt(data.length),
  });
}

/**
 * An in-process Solana ledger (LiteSVM) behind the standard JSON-RPC methods, so the browser, the server and the
 * tests talk to it exactly as to mainnet. LiteSVM's own blockhash check and bounded history are switched off:
 * the ledger clock keeps 150 slots of blockhashes and our ledger keeps every transaction, so replays are
 * refused forever and history survives restarts.
 */
export async function createLocalValidator(options: LocalValidatorOptions = {}): Promise<LocalValidator> {
  const { stateDir, slotMs = 400, finalitySlots = 2 } = options;
  const saved = stateDir ? await loadChainState(stateDir) : undefined;
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n);
  const accounts = new Map(saved?.accounts ?? []);
  for (const [key, stored] of accounts) restoreAccount(svm, key, stored);
  const clockState: LedgerClockState = saved?.clock ?? {
    genesisHash: getBase58Decoder().decode(randomBytes(32)),
    genesisTimeMs: Date.now(),
    lastSlot: 0,
  };
  const ledger = new Ledger();
  for (const record of saved?.transactions ?? []) ledger.add(record);

  const clock = createLedgerClock(clockState, slotMs);
  const writer = stateDir
    ? createStateWriter(stateDir, () => ({ clock: clock.state, accounts, transactions: ledger.all() }), {
        compactBytes: options.compactBytes,
        journalSeq: saved?.journalSeq,
      })
    : undefined;
  const core: ValidatorCore = {
    svm,
    clock,
    ledger,
    accounts,
    ephemeralAccounts: new Set(),
    finalitySlots,
    persist: (record, written) => writer?.append(record, written, clock.state.lastSlot),
    endpoints: { rpc: null, pubsub: null },
    landedListeners: new Set(),
  };
  const airdrop = await createFaucet(core);
  const handle = createJsonRpcHandler({
    ...clusterMethods(core),
    ...accountMethods(core, airdrop),
    ...sendMethods(core),
    ...historyMethods(core),
    ...tokenMethods(core),
    ...blockMethods(core),
  });
  // Starts every run from one whole snapshot: a torn journal tail is gone before anything is appended after it.
  writer?.compact();
  const pubsub = createPubSub(core, slotMs, options.pubsubLimits);

  return {
    handle,
    airdrop,
    flush: async () => writer?.compact(),
    close: async () => {
      pubsub.close();
      writer?.close();
    },
    genesisHash: clockState.genesisHash,
    pubsub,
    endpoints: core.endpoints,
  };
}
