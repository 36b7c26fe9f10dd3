import {
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TransactionRecord } from './ledger';
import type { LedgerClockState } from './ledger-clock';

/**
 * On-disk format of the local chain, in `<stateDir>`: a snapshot `local-chain.json` and an append-only journal
 * `local-chain.journal` of what landed since (decision 0012).
 *
 * Snapshot (one JSON object, replaced atomically):
 * - `genesisHash`, `genesisTimeMs`, `lastSlot`: the ledger clock (slots and blockhashes derive from them).
 * - `accounts`: the last state of every account a transaction has written (lamports as a decimal string, owner,
 *   executable, data in base64). Builtin programs and sysvars are not stored: LiteSVM recreates them.
 * - `transactions`: the full history, oldest first, with the wire bytes (base64) and the RPC meta; lamport
 *   amounts are decimal strings because JSON numbers lose precision past 2^53.
 * - `journalSeq`: the last journal entry the snapshot already holds (0 when none).
 *
 * Journal: one JSON line per landed transaction, `{ seq, lastSlot, tx, accounts }`, where `accounts` maps each
 * account the transaction could write to its state afterwards (null: gone). Replay applies the entries with a
 * `seq` above the snapshot's `journalSeq`, in order, so a crash between a compaction's rename and the journal's
 * truncation replays nothing twice.
 */
export const STATE_FILE_NAME = 'local-chain.json';
export const JOURNAL_FILE_NAME = 'local-chain.journal';
const FORMAT = 'vanity-vault-local-chain';
const VERSION = 1;
/** A journal at least this large (and at least as large as the snapshot) is folded into the snapshot. */
export const DEFAULT_COMPACT_BYTES = 1 << 20;

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
  journalSeq?: number;
}

interface JournalEntry {
  seq: number;
  lastSlot: number;
  tx: StoredTransaction;
  accounts: Record<string, StoredAccount | null>;
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

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The complete entries of a journal. Only the last line may be incomplete: a crash mid-append leaves a torn tail,
 * which never reached fsync and so was never reported to anyone; it is dropped. A bad line before it is damage
 * this code did not make, and refusing to start beats silently losing the transactions after it.
 */
function parseJournal(text: string, path: string): JournalEntry[] {
  const lines = text.split('\n');
  const entries: JournalEntry[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const last = i === lines.length - 1 || (i === lines.length - 2 && lines[i + 1] === '');
    if (line === '') continue;
    try {
      entries.push(JSON.parse(line) as JournalEntry);
    } catch (error) {
      if (last) break;
      throw new Error(`${path} line ${i + 1} is damaged`, { cause: error });
    }
  }
  return entries;
}

/** Reads the saved chain (snapshot, then the journal replayed on it), or undefined when the folder holds none. */
export async function loadChainState(stateDir: string): Promise<(ChainState & { journalSeq: number }) | undefined> {
  const snapshotPath = join(stateDir, STATE_FILE_NAME);
  const journalPath = join(stateDir, JOURNAL_FILE_NAME);
  const text = await readIfExists(snapshotPath);
  if (text === undefined) return undefined;
  const file = JSON.parse(text) as StateFile;
  if (file.format !== FORMAT || file.version !== VERSION) {
    throw new Error(`${snapshotPath} is not a version ${VERSION} local chain state file`);
  }
  const clock = { genesisHash: file.genesisHash, genesisTimeMs: file.genesisTimeMs, lastSlot: file.lastSlot };
  const accounts = new Map(Object.entries(file.accounts));
  const transactions = file.transactions.map(fromStored);
  let journalSeq = file.journalSeq ?? 0;
  for (const entry of parseJournal((await readIfExists(journalPath)) ?? '', journalPath)) {
    if (entry.seq <= journalSeq) continue;
    transactions.push(fromStored(entry.tx));
    for (const [key, account] of Object.entries(entry.accounts)) {
      if (account) accounts.set(key, account);
      else accounts.delete(key);
    }
    clock.lastSlot = Math.max(clock.lastSlot, entry.lastSlot);
    journalSeq = entry.seq;
  }
  return { clock, accounts, transactions, journalSeq };
}

/** writeSync may write less than asked (a disk filling up): go on until all is written or it throws. */
function writeAll(fd: number, bytes: Buffer): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
}

function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface StateWriterOptions {
  /** Compact once the journal reaches this many bytes and the snapshot's size (default 1 MiB). */
  compactBytes?: number;
  /** The last journal entry already on disk (from loadChainState), so sequence numbers keep rising. */
  journalSeq?: number;
}

/**
 * Persists the chain synchronously: each landed transaction is appended to the journal and fsynced before the
 * event loop runs anything else, so no RPC answer (a signature status, a balance, a subscription notification)
 * can report a change that a crash or power loss would take back.
 *
 * Compaction writes the whole state to a temp file, fsyncs it, renames it over the snapshot, fsyncs the folder
 * and only then empties the journal. It runs when the journal is at least as large as the snapshot, so its cost
 * (proportional to history) is paid once per doubling and each transaction's share stays constant however long
 * the history grows.
 */
export function createStateWriter(stateDir: string, snapshot: () => ChainState, options: StateWriterOptions = {}) {
  const compactBytes = options.compactBytes ?? DEFAULT_COMPACT_BYTES;
  const snapshotPath = join(stateDir, STATE_FILE_NAME);
  let seq = options.journalSeq ?? 0;
  let counter = 0;
  let snapshotBytes = 0;

  mkdirSync(stateDir, { recursive: true });
  // A temp file is a compaction that died before its rename: the snapshot and journal beside it are whole.
  for (const name of readdirSync(stateDir)) {
    if (name.startsWith(`${STATE_FILE_NAME}.`) && name.endsWith('.tmp')) rmSync(join(stateDir, name));
  }
  const journal = openSync(join(stateDir, JOURNAL_FILE_NAME), 'a', 0o600);
  let journalBytes = fstatSync(journal).size;

  function compact(): void {
    const state = snapshot();
    const file: StateFile = {
      format: FORMAT,
      version: VERSION,
      ...state.clock,
      accounts: Object.fromEntries(state.accounts),
      transactions: state.transactions.map(toStored),
      journalSeq: seq,
    };
    const temp = `${snapshotPath}.${process.pid}.${++counter}.tmp`;
    const bytes = Buffer.from(JSON.stringify(file));
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeAll(fd, bytes);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, snapshotPath);
    fsyncDirectory(stateDir);
    // Safe to drop now: the snapshot's journalSeq says every entry so far is in it.
    ftruncateSync(journal);
    fsyncSync(journal);
    snapshotBytes = bytes.length;
    journalBytes = 0;
  }

  return {
    /** Appends one landed transaction with the accounts it left behind; durable when this returns. */
    append(record: TransactionRecord, accounts: Record<string, StoredAccount | null>, lastSlot: number): void {
      const entry: JournalEntry = { seq: seq + 1, lastSlot, tx: toStored(record), accounts };
      const line = Buffer.from(`${JSON.stringify(entry)}\n`);
      try {
        writeAll(journal, line);
        fsyncSync(journal);
      } catch (error) {
        // A full disk may take half a line: cut it off, or the next append would bury it mid-journal.
        try {
          ftruncateSync(journal, journalBytes);
        } catch {
          // Then the start-up check finds it; the write's own error is the one to report.
        }
        throw error;
      }
      seq = entry.seq;
      journalBytes += line.length;
      if (journalBytes < compactBytes || journalBytes < snapshotBytes) return;
      try {
        compact();
      } catch {
        // The entry is durable already, so this append succeeded: a compaction that failed (a full disk) leaves
        // the snapshot and journal whole, and is tried again at the next append. Its temp file goes at start-up.
      }
    },
    compact,
    close(): void {
      compact();
      closeSync(journal);
    },
  };
}
