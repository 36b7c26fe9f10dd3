import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TransactionRecord } from './ledger.js';
import type { LedgerClockState } from './ledger-clock.js';

/**
 * On-disk format of the local chain, one JSON file `<stateDir>/local-chain.json`, replaced atomically
 * (write a temp file, then rename) so a crash leaves either the old or the new state, never half of one:
 *
 * - `genesisHash`, `genesisTimeMs`, `lastSlot`: the ledger clock (slots and blockhashes derive from them).
 * - `accounts`: the last state of every account a transaction has written (lamports as a decimal string, owner,
 *   executable, data in base64). Builtin programs and sysvars are not stored: LiteSVM recreates them.
 * - `transactions`: the full history, oldest first, with the wire bytes (base64) and the RPC meta; lamport
 *   amounts are decimal strings because JSON numbers lose precision past 2^53.
 */
export const STATE_FILE_NAME = 'local-chain.json';
const FORMAT = 'vanity-vault-local-chain';
const VERSION = 1;

export interface StoredAccount {
  lamports: string;
  owner: string;
  executable: boolean;
  data: string;
}

type StoredTransaction = Omit<
  TransactionRecord,
  'wire' | 'fee' | 'preBalances' | 'postBalances' | 'computeUnitsConsumed' | 'computeUnitPrice'
> & {
  wire: string;
  fee: string;
  preBalances: string[];
  postBalances: string[];
  computeUnitsConsumed: string;
  computeUnitPrice: string;
};

export interface ChainState {
  clock: LedgerClockState;
  accounts: Map<string, StoredAccount>;
  transactions: readonly TransactionRecord[];
}

interface StateFile extends LedgerClockState {
  format: typeof FORMAT;
  version: typeof VERSION;
  accounts: Record<string, StoredAccount>;
  transactions: StoredTransaction[];
}

function toStored(r: TransactionRecord): StoredTransaction {
  return {
    ...r,
    wire: Buffer.from(r.wire).toString('base64'),
    fee: r.fee.toString(),
    preBalances: r.preBalances.map(String),
    postBalances: r.postBalances.map(String),
    computeUnitsConsumed: r.computeUnitsConsumed.toString(),
    computeUnitPrice: r.computeUnitPrice.toString(),
  };
}

function fromStored(s: StoredTransaction): TransactionRecord {
  return {
    ...s,
    wire: new Uint8Array(Buffer.from(s.wire, 'base64')),
    fee: BigInt(s.fee),
    preBalances: s.preBalances.map(BigInt),
    postBalances: s.postBalances.map(BigInt),
    computeUnitsConsumed: BigInt(s.computeUnitsConsumed),
    computeUnitPrice: BigInt(s.computeUnitPrice),
  };
}

/** Reads the saved chain, or undefined when the folder holds none yet. */
export async function loadChainState(stateDir: string): Promise<ChainState | undefined> {
  let text: string;
  try {
    text = await readFile(join(stateDir, STATE_FILE_NAME), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const file = JSON.parse(text) as StateFile;
  if (file.format !== FORMAT || file.version !== VERSION) {
    throw new Error(`${join(stateDir, STATE_FILE_NAME)} is not a version ${VERSION} local chain state file`);
  }
  return {
    clock: { genesisHash: file.genesisHash, genesisTimeMs: file.genesisTimeMs, lastSlot: file.lastSlot },
    accounts: new Map(Object.entries(file.accounts)),
    transactions: file.transactions.map(fromStored),
  };
}

/**
 * Saves the whole state, synchronously: a landed transaction is written before the event loop runs anything else,
 * so no RPC answer (a signature status, a balance, the server's own verifier) can report a change that a SIGKILL
 * would take back. Temp file then rename, so a kill mid-write leaves the previous state whole. Without fsync: a
 * killed process loses nothing the kernel already holds; only power loss could (a dev chain accepts that).
 */
export function createStateWriter(stateDir: string, snapshot: () => ChainState) {
  let counter = 0;
  return {
    save(): void {
      const state = snapshot();
      const file: StateFile = {
        format: FORMAT,
        version: VERSION,
        ...state.clock,
        accounts: Object.fromEntries(state.accounts),
        transactions: state.transactions.map(toStored),
      };
      mkdirSync(stateDir, { recursive: true });
      const target = join(stateDir, STATE_FILE_NAME);
      const temp = `${target}.${process.pid}.${++counter}.tmp`;
      writeFileSync(temp, JSON.stringify(file));
      renameSync(temp, target);
    },
  };
}
