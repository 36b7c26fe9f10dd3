import { getBase58Decoder, getBase64Decoder, getUtf8Decoder, lamports, type Address } from '@solana/kit';
import { Clock, FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { computeBudgetOf, instructionsOfCompiledMessage } from '@chain/compute-budget';
import type { ValidatorCore } from './core';
import type { InnerInstructionGroup, TransactionRecord } from './ledger';
import { accountAt } from './methods/accounts';
import { RpcError, RpcErrorCode } from './rpc-error';
import { accountChange, type AccountPatch, type StoredAccount } from './state-file';
import { collectTokenBalances } from './token/token-balances';
import { describeTransactionError, toTransactionErrorJson, type TransactionErrorJson } from './transaction-error';
import { allAccountKeys, resolveLoadedAddresses, writableAccountKeys, type DecodedTransaction } from './wire';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const MEMO_PROGRAMS = new Set([
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
  'Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH',
]);

export interface SimulationOutcome {
  err: TransactionErrorJson | null;
  logs: string[];
  unitsConsumed: bigint;
}

/** Block time is real time: LiteSVM's clock starts at 0 and would otherwise stamp everything 1970. */
function setClockTo(core: ValidatorCore, slot: number, nowMs: number): void {
  const genesisSeconds = BigInt(core.clock.unixTimestamp(core.clock.state.genesisTimeMs));
  const epoch = BigInt(slot) / core.svm.getEpochSchedule().slotsPerEpoch;
  core.svm.setClock(
    new Clock(BigInt(slot), genesisSeconds, epoch, epoch + 1n, BigInt(core.clock.unixTimestamp(nowMs))),
  );
}

function run(core: ValidatorCore, tx: DecodedTransaction, simulate: boolean) {
  try {
    return simulate ? core.svm.simulateTransaction(tx.transaction) : core.svm.sendTransaction(tx.transaction);
  } catch {
    // litesvm refuses a transaction with a missing signature before the runtime sees it
    return 'SignatureFailure' as const;
  }
}

function outcomeOf(result: ReturnType<typeof run>): SimulationOutcome & { meta?: TransactionMetadata } {
  if (result === 'SignatureFailure') return { err: result, logs: [], unitsConsumed: 0n };
  const failed = result instanceof FailedTransactionMetadata;
  const meta = failed ? result.meta() : 'computeUnitsConsumed' in result ? result : result.meta();
  return {
    err: failed ? toTransactionErrorJson(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    meta,
  };
}

export function failureAsRpcError(outcome: SimulationOutcome): RpcError {
  if (outcome.err === 'SignatureFailure') {
    return new RpcError(
      RpcErrorCode.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
      'Transaction signature verification failure',
    );
  }
  return new RpcError(
    RpcErrorCode.SEND_TRANSACTION_PREFLIGHT_FAILURE,
    `Transaction simulation failed: ${describeTransactionError(outcome.err ?? 'Unknown')}`,
    {
      err: outcome.err,
      logs: outcome.logs,
      accounts: null,
      unitsConsumed: Number(outcome.unitsConsumed),
      returnData: null,
    },
  );
}

/** Runs the transaction without committing anything. `sigVerify: false` is what simulateTransaction defaults to. */
export function simulateTransaction(
  core: ValidatorCore,
  tx: DecodedTransaction,
  sigVerify: boolean,
): SimulationOutcome {
  setClockTo(core, core.clock.currentSlot(), Date.now());
  core.svm.withSigverify(sigVerify);
  try {
    const { err, logs, unitsConsumed } = outcomeOf(run(core, tx, true));
    return { err, logs, unitsConsumed };
  } finally {
    core.svm.withSigverify(true);
  }
}

function memoOf(tx: DecodedTransaction): string | null {
  const utf8 = getUtf8Decoder();
  const memos = instructionsOfCompiledMessage(tx.message)
    .filter((ix) => MEMO_PROGRAMS.has(ix.programAddress))
    .map((ix) => `[${ix.data.length}] ${utf8.decode(ix.data)}`);
  return memos.length > 0 ? memos.join('; ') : null;
}

/** LiteSVM's inner instructions (one list per outer instruction) in the RPC's `innerInstructions` form. */
function innerInstructionsOf(meta: TransactionMetadata | undefined): InnerInstructionGroup[] {
  if (!meta) return [];
  const base58 = getBase58Decoder();
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: base58.decode(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((group) => group.instructions.length > 0);
}

function rememberWrittenAccounts(core: ValidatorCore, addresses: readonly string[]): void {
  const base64 = getBase64Decoder();
  for (const address of addresses) {
    if (core.ephemeralAccounts.has(address)) continue;
    const account = core.svm.getAccount(address as never);
    if (!account.exists) core.accounts.delete(address);
    else if (!account.executable) {
      core.accounts.set(address, {
        lamports: account.lamports.toString(),
        owner: account.programAddress,
        executable: false,
        data: base64.decode(account.data),
      });
    }
  }
}

/**
 * The accounts a transaction may write, as they are now (in LiteSVM and in what is persisted), and a function
 * that puts them back: only writable accounts can change, so this undoes a transaction entirely.
 */
function snapshotAccounts(
  core: ValidatorCore,
  addresses: readonly string[],
): { undo: () => void; stored: Map<string, StoredAccount | undefined> } {
  const before = addresses.map((address) => ({
    address,
    live: core.svm.getAccount(address as Address),
    stored: core.accounts.get(address),
  }));
  const stored = new Map(before.map((b) => [b.address, b.stored]));
  const undo = () => {
    for (const { address, live, stored } of before) {
      // A zero-lamport account is an absent one, to LiteSVM as to Solana.
      core.svm.setAccount(
        live.exists
          ? live
          : {
              address: address as Address,
              lamports: lamports(0n),
              programAddress: SYSTEM_PROGRAM,
              executable: false,
              data: new Uint8Array(0),
              space: 0n,
            },
      );
      if (stored) core.accounts.set(address, stored);
      else core.accounts.delete(address);
    }
  };
  return { undo, stored };
}

/**
 * Executes and commits a transaction. LiteSVM's metadata has no fee or balances, so both come from reading every
 * account's balance before and after: lamports only leave the set of accounts as the fee, so the fee is the drop
 * in their sum, exact to the lamport. A failed transaction that was charged a fee has landed (with `err`), as
 * on mainnet; one charged nothing never reached the ledger and the returned outcome says why.
 */
export function executeTransaction(
  core: ValidatorCore,
  tx: DecodedTransaction,
): SimulationOutcome & {
  record?: TransactionRecord;
  written?: string[];
  /** What was persisted for each written account before the transaction (for the journal's patches). */
  before?: Map<string, StoredAccount | undefined>;
  undo?: () => void;
} {
  const nowMs = Date.now();
  const slot = core.clock.currentSlot(nowMs);
  const loadedAddresses = resolveLoadedAddresses(core.svm, tx.message);
  const keys = allAccountKeys(tx.message, loadedAddresses);
  const written = writableAccountKeys(tx.message, loadedAddresses);
  const { undo: undoWrites, stored: before } = snapshotAccounts(core, written);
  const balances = () => keys.map((key): bigint => core.svm.getBalance(key) ?? 0n);
  const invoked = new Set(tx.message.instructions.map((ix) => ix.programAddressIndex));
  const tokenBalances = () => collectTokenBalances(keys, invoked, (address) => accountAt(core, address));
  setClockTo(core, slot, nowMs);
  const preBalances = balances();
  const preTokenBalances = tokenBalances();
  const outcome = outcomeOf(run(core, tx, false));
  const postBalances = balances();
  const postTokenBalances = tokenBalances();
  const fee = preBalances.reduce((a, b) => a + b, 0n) - postBalances.reduce((a, b) => a + b, 0n);
  if (outcome.err !== null && fee <= 0n) return outcome;
  const record: TransactionRecord = {
    signature: tx.signature,
    slot,
    blockTime: core.clock.unixTimestamp(nowMs),
    wire: tx.bytes,
    version: tx.version,
    loadedAddresses,
    err: outcome.err,
    fee,
    preBalances,
    postBalances,
    logMessages: outcome.logs,
    computeUnitsConsumed: outcome.unitsConsumed,
    computeUnitPrice: computeBudgetOf(instructionsOfCompiledMessage(tx.message)).microLamportsPerUnit,
    accountKeys: keys,
    memo: memoOf(tx),
    innerInstructions: innerInstructionsOf(outcome.meta),
    preTokenBalances,
    postTokenBalances,
  };
  core.ledger.add(record);
  rememberWrittenAccounts(core, written);
  const undo = () => {
    core.ledger.removeLast(record);
    undoWrites();
  };
  return { ...outcome, record, written, before, undo };
}

/**
 * The sendTransaction path. A transaction that would not land (replay, unknown blockhash, bad signature, no
 * funds for the fee) is refused with the RPC's error even under skipPreflight, where mainnet would accept and
 * silently drop it: on a dev chain the reason is worth more than fidelity. Replays are caught by our full
 * history before LiteSVM runs anything.
 */
export async function submitTransaction(
  core: ValidatorCore,
  tx: DecodedTransaction,
  skipPreflight: boolean,
): Promise<string> {
  if (core.ledger.has(tx.signature)) throw failureAsRpcError({ err: 'AlreadyProcessed', logs: [], unitsConsumed: 0n });
  if (!core.clock.isBlockhashValid(tx.message.lifetimeToken)) {
    throw failureAsRpcError({ err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n });
  }
  if (!skipPreflight) {
    const preflight = simulateTransaction(core, tx, true);
    if (preflight.err !== null) throw failureAsRpcError(preflight);
  }
  const outcome = executeTransaction(core, tx);
  if (!outcome.record) throw failureAsRpcError(outcome);
  // Synchronously, before anything else can read the new state: see createStateWriter.
  // Only what changed: a transfer through a 1 MiB account must not append the whole account again.
  const accounts: Record<string, StoredAccount | AccountPatch | null> = {};
  for (const address of outcome.written ?? []) {
    if (core.ephemeralAccounts.has(address)) continue;
    const after = core.accounts.get(address);
    accounts[address] = after ? accountChange(outcome.before?.get(address), after) : null;
  }
  try {
    core.persist(outcome.record, accounts);
  } catch (error) {
    // Nothing has run since the transaction executed (all of this is synchronous), so nobody has seen it: take it
    // back rather than leave a transaction every reader sees and a restart forgets.
    outcome.undo?.();
    throw new RpcError(
      RpcErrorCode.INTERNAL_ERROR,
      `Transaction not processed: the local chain could not save it (${(error as Error).message})`,
    );
  }
  for (const listener of core.landedListeners) listener({ record: outcome.record, written: outcome.written ?? [] });
  return tx.signature;
}
