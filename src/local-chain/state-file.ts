import {
  closeSync,
  createReadStream,
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
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { TransactionRecord } from './ledger';
import type { LedgerClockState } from './ledger-clock';

/**
 * On-disk format of the local chain, in `<stateDir>`: a snapshot `local-chain.json` and an append-only journal
 * `local-chain.journal` of what landed since (decision 0012). Both are JSON Lines, read and written a line at a
 * time, so no piece of the state is ever one string: V8 caps a string at ~512 MiB (about 38 accounts of 10 MiB in
 * base64), and a snapshot that was one string would then fail both to be written and to be read back.
 *
 * Snapshot (version 2; replaced atomically):
 * - line 1, the header: `format`, `version`, the ledger clock (`genesisHash`, `genesisTimeMs`, `lastSlot`),
 *   `journalSeq` (the last journal entry the snapshot already holds, 0 when none), and how many account and
 *   transaction lines follow (a snapshot with fewer is damaged).
 * - one line per account a transaction has written: `{ address, lamports, owner, executable, data }` (lamports as a
 *   decimal string, data in base64). Builtin programs and sysvars are not stored: LiteSVM recreates them.
 * - one line per transaction, oldest first, with the wire bytes (base64) and the RPC meta; lamport amounts are
 *   decimal strings because JSON numbers lose precision past 2^53.
 * A version 1 snapshot (one JSON object holding all of this, written before) is still read, and the compaction
 * at every start replaces it with version 2.
 *
 * Journal: one JSON line per landed transaction, `{ seq, lastSlot, tx, accounts }`, where `accounts` maps each
 * account the transaction could write to what it became: null (gone), the whole account (new, resized, or in
 * journals written before patches), or a patch `{ lamports, owner, executable, patches }` whose `patches` are
 * `[offset, text]` pieces of the base64 data that changed. A transaction that moves lamports through a 1 MiB
 * account thus appends a few hundred bytes, not 1.4 MB. Replay applies the entries with a `seq` above the
 * snapshot's `journalSeq`, in order, so a crash between a compaction's rename and the journal's truncation
 * replays nothing twice.
 */
export const STATE_FILE_NAME = 'local-chain.json';
export const JOURNAL_FILE_NAME = 'local-chain.journal';
const FORMAT = 'vanity-vault-local-chain';
const VERSION = 2;
/** A journal at least this large (and at least as large as the snapshot) is folded into the snapshot. */
export const DEFAULT_COMPACT_BYTES = 1 << 20;
/**
 * Patch granularity in base64 characters: a multiple of 4, so each piece covers whole 3-byte groups and applies
 * by plain string splicing. 4 KiB of text (3 KiB of data) keeps the diff's loop short on 10 MiB accounts.
 */
const PATCH_CHARS = 4096;

export interface StoredAccount {
  lamports: string;
  owner: string;
  executable: boolean;
  data: string;
}

/** An account's new state as the changed pieces of its base64 data (same length as before). */
export interface AccountPatch {
  lamports: string;
  owner: string;
  executable: boolean;
  patches: [offset: number, text: string][];
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

interface SnapshotHeader extends LedgerClockState {
  format: typeof FORMAT;
  version: typeof VERSION;
  journalSeq: number;
  accounts: number;
  transactions: number;
}

/** The snapshot as version 1 wrote it: one JSON object. */
interface LegacyStateFile extends LedgerClockState {
  format: typeof FORMAT;
  version: 1;
  accounts: Record<string, StoredAccount>;
  transactions: StoredTransaction[];
  journalSeq?: number;
}

interface JournalEntry {
  seq: number;
  lastSlot: number;
  tx: StoredTransaction;
  accounts: Record<string, StoredAccount | AccountPatch | null>;
}

/** A transaction as every version of the snapshot and the journal writes it: bytes in base64, bigints as text. */
export function toStoredTransaction(r: TransactionRecord): StoredTransaction {
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

/**
 * What to journal for an account a transaction left as `after`: a patch of the data pieces that differ from
 * `before`, or the whole account when there is nothing of the same size to patch.
 */
export function accountChange(before: StoredAccount | undefined, after: StoredAccount): StoredAccount | AccountPatch {
  if (!before || before.data.length !== after.data.length) return after;
  const patches: [number, string][] = [];
  for (let at = 0; at < after.data.length; at += PATCH_CHARS) {
    const piece = after.data.slice(at, at + PATCH_CHARS);
    if (piece === before.data.slice(at, at + PATCH_CHARS)) continue;
    const last = patches.at(-1);
    if (last && last[0] + last[1].length === at) last[1] += piece;
    else patches.push([at, piece]);
  }
  return { lamports: after.lamports, owner: after.owner, executable: after.executable, patches };
}

/** The account a journal entry left, from the one before it (a patch needs one; whole accounts do not). */
export function applyAccountChange(
  before: StoredAccount | undefined,
  change: StoredAccount | AccountPatch,
): StoredAccount {
  if (!('patches' in change)) return change;
  if (!before) throw new Error('a patch for an account the state does not hold');
  let data = '';
  let at = 0;
  for (const [offset, text] of change.patches) {
    data += before.data.slice(at, offset) + text;
    at = offset + text.length;
  }
  data += before.data.slice(at);
  return { lamports: change.lamports, owner: change.owner, executable: change.executable, data };
}

/** The lines of a file, streamed (none is joined with another), or undefined when it does not exist. */
async function* linesOf(path: string): AsyncGenerator<string> {
  const stream = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of lines) yield line;
  } finally {
    lines.close();
    stream.destroy();
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * The complete entries of a journal, a line at a time. Only the last line may be incomplete: a crash mid-append
 * leaves a torn tail, which never reached fsync and so was never reported to anyone; it is dropped. A bad line
 * before it is damage this code did not make, and refusing to start beats silently losing the transactions after it.
 */
async function* journalEntries(path: string): AsyncGenerator<JournalEntry> {
  if (!(await exists(path))) return;
  let pending: { line: string; number: number } | undefined;
  let number = 0;
  const parse = (item: { line: string; number: number }, last: boolean): JournalEntry | undefined => {
    try {
      return JSON.parse(item.line) as JournalEntry;
    } catch (error) {
      if (last) return undefined;
      throw new Error(`${path} line ${item.number} is damaged`, { cause: error });
    }
  };
  for await (const line of linesOf(path)) {
    number++;
    if (line === '') continue;
    if (pending) yield parse(pending, false)!;
    pending = { line, number };
  }
  const tail = pending && parse(pending, true);
  if (tail) yield tail;
}

/** A version 2 snapshot, or a version 1 one (its single line is the whole file, as version 1 read it). */
async function readSnapshot(path: string) {
  let header: SnapshotHeader | LegacyStateFile | undefined;
  const accounts = new Map<string, StoredAccount>();
  const transactions: TransactionRecord[] = [];
  for await (const line of linesOf(path)) {
    if (line === '') continue;
    if (!header) {
      header = JSON.parse(line) as SnapshotHeader | LegacyStateFile;
      if (header.format !== FORMAT || (header.version !== VERSION && header.version !== 1)) {
        throw new Error(`${path} is not a local chain state file of version 1 or ${VERSION}`);
      }
      if (header.version === 1) {
        for (const [key, account] of Object.entries(header.accounts)) accounts.set(key, account);
        for (const tx of header.transactions) transactions.push(fromStored(tx));
      }
      continue;
    }
    if (header.version === 1) throw new Error(`${path}: a version 1 state file is one line`);
    if (accounts.size < header.accounts) {
      const { address, ...account } = JSON.parse(line) as StoredAccount & { address: string };
      accounts.set(address, account);
    } else transactions.push(fromStored(JSON.parse(line) as StoredTransaction));
  }
  if (!header) throw new Error(`${path} is empty`);
  if (
    header.version === VERSION &&
    (accounts.size !== header.accounts || transactions.length !== header.transactions)
  ) {
    throw new Error(`${path} is damaged: it holds fewer accounts or transactions than its header says`);
  }
  const clock = { genesisHash: header.genesisHash, genesisTimeMs: header.genesisTimeMs, lastSlot: header.lastSlot };
  return { clock, accounts, transactions, journalSeq: header.journalSeq ?? 0 };
}

/** Reads the saved chain (snapshot, then the journal replayed on it), or undefined when the folder holds none. */
export async function loadChainState(stateDir: string): Promise<(ChainState & { journalSeq: number }) | undefined> {
  const snapshotPath = join(stateDir, STATE_FILE_NAME);
  const journalPath = join(stateDir, JOURNAL_FILE_NAME);
  if (!(await exists(snapshotPath))) return undefined;
  const { clock, accounts, transactions, journalSeq: snapshotSeq } = await readSnapshot(snapshotPath);
  let journalSeq = snapshotSeq;
  for await (const entry of journalEntries(journalPath)) {
    if (entry.seq <= journalSeq) continue;
    transactions.push(fromStored(entry.tx));
    for (const [key, change] of Object.entries(entry.accounts)) {
      if (change) accounts.set(key, applyAccountChange(accounts.get(key), change));
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

  /** Writes the state a line at a time (buffered into ~1 MiB writes), never as one string. */
  function writeSnapshot(fd: number, state: ChainState): number {
    let written = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending, pendingBytes);
      writeAll(fd, bytes);
      written += bytes.length;
      pending = [];
      pendingBytes = 0;
    };
    const line = (value: unknown) => {
      const bytes = Buffer.from(`${JSON.stringify(value)}\n`);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= 1 << 20) flush();
    };
    const header: SnapshotHeader = {
      format: FORMAT,
      version: VERSION,
      ...state.clock,
      journalSeq: seq,
      accounts: state.accounts.size,
      transactions: state.transactions.length,
    };
    line(header);
    for (const [address, account] of state.accounts) line({ address, ...account });
    for (const record of state.transactions) line(toStoredTransaction(record));
    flush();
    return written;
  }

  function compact(): void {
    const state = snapshot();
    const temp = `${snapshotPath}.${process.pid}.${++counter}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    let size: number;
    try {
      size = writeSnapshot(fd, state);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, snapshotPath);
    fsyncDirectory(stateDir);
    // Safe to drop now: the snapshot's journalSeq says every entry so far is in it.
    ftruncateSync(journal);
    fsyncSync(journal);
    snapshotBytes = size;
    journalBytes = 0;
  }

  return {
    /**
     * Appends one landed transaction with the accounts it left behind (whole, or as patches: accountChange);
     * durable when this returns.
     */
    append(
      record: TransactionRecord,
      accounts: Record<string, StoredAccount | AccountPatch | null>,
      lastSlot: number,
    ): void {
      const entry: JournalEntry = { seq: seq + 1, lastSlot, tx: toStoredTransaction(record), accounts };
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

/**
 * The lamports of every account the saved chain holds (snapshot, then the journal replayed on it), or undefined when
 * the folder holds none. Only reads: for tools that check balances while the validator is stopped (`npm run ledger
 * -- check`), without starting LiteSVM or the state writer, which would compact and so rewrite the folder. The
 * snapshot's transaction lines are never read, and journal patches carry each account's lamports whole, so no
 * account data is rebuilt.
 */
export async function loadAccountLamports(stateDir: string): Promise<Map<string, bigint> | undefined> {
  const snapshotPath = join(stateDir, STATE_FILE_NAME);
  if (!(await exists(snapshotPath))) return undefined;
  const lamports = new Map<string, bigint>();
  let header: SnapshotHeader | undefined;
  for await (const line of linesOf(snapshotPath)) {
    if (line === '') continue;
    if (!header) {
      const first = JSON.parse(line) as SnapshotHeader | LegacyStateFile;
      // Version 1 is one object of everything: read as loadChainState reads it (which also refuses a bad format).
      if (first.version !== VERSION) {
        const state = await loadChainState(stateDir);
        return new Map([...state!.accounts].map(([key, account]) => [key, BigInt(account.lamports)]));
      }
      if (first.format !== FORMAT) throw new Error(`${snapshotPath} is not a local chain state file`);
      header = first;
      continue;
    }
    if (lamports.size >= header.accounts) break;
    const account = JSON.parse(line) as { address: string; lamports: string };
    lamports.set(account.address, BigInt(account.lamports));
  }
  if (!header) throw new Error(`${snapshotPath} is empty`);
  if (lamports.size !== header.accounts) {
    throw new Error(`${snapshotPath} is damaged: it holds fewer accounts than its header says`);
  }
  let journalSeq = header.journalSeq;
  for await (const entry of journalEntries(join(stateDir, JOURNAL_FILE_NAME))) {
    if (entry.seq <= journalSeq) continue;
    for (const [key, change] of Object.entries(entry.accounts)) {
      if (change) lamports.set(key, BigInt(change.lamports));
      else lamports.delete(key);
    }
    journalSeq = entry.seq;
  }
  return lamports;
}
