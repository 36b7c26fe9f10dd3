import type { LegacyCompiledTransactionMessage, ReadonlyUint8Array, V0CompiledTransactionMessage } from '@solana/kit';

/** Legacy and v0 messages: the versions wallets send and our validator accepts. */
export type CompiledMessageV0OrLegacy = LegacyCompiledTransactionMessage | V0CompiledTransactionMessage;

/** Base fee per signature on every public cluster (and in LiteSVM). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/**
 * Without a SetComputeUnitLimit instruction the runtime reserves 200k CU per program instruction and 3k per
 * builtin one (Agave's reserve_minimal_cus_for_builtin_instructions). A priority fee is charged on that limit,
 * so estimates must use the same rule; LiteSVM charges exactly this (checked by the fee tests).
 */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION = 3_000;
const BUILTIN_PROGRAMS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

export interface PlainInstruction {
  programAddress: string;
  data: ReadonlyUint8Array;
}

export interface ComputeBudget {
  unitLimit: number;
  microLamportsPerUnit: bigint;
}

/** The instructions of a compiled message with their program addresses (programs are always static keys). */
export function instructionsOfCompiledMessage(message: CompiledMessageV0OrLegacy): PlainInstruction[] {
  return message.instructions.map((ix) => ({
    programAddress: message.staticAccounts[ix.programAddressIndex] ?? '',
    data: ix.data ?? new Uint8Array(0),
  }));
}

export function computeBudgetOf(instructions: readonly PlainInstruction[]): ComputeBudget {
  let unitLimit: number | undefined;
  let microLamportsPerUnit = 0n;
  let defaultLimit = 0;
  for (const { programAddress, data } of instructions) {
    defaultLimit += BUILTIN_PROGRAMS.has(programAddress)
      ? DEFAULT_UNITS_PER_BUILTIN_INSTRUCTION
      : DEFAULT_UNITS_PER_INSTRUCTION;
    if (programAddress !== COMPUTE_BUDGET_PROGRAM) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) unitLimit = view.getUint32(1, true);
    if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
  }
  return { unitLimit: Math.min(unitLimit ?? defaultLimit, MAX_COMPUTE_UNIT_LIMIT), microLamportsPerUnit };
}

/** Priority fee in lamports: price (micro-lamports per CU) × requested CU limit, rounded up as the runtime does. */
export function priorityFeeLamports(budget: ComputeBudget): bigint {
  const microLamports = budget.microLamportsPerUnit * BigInt(budget.unitLimit);
  return (microLamports + 999_999n) / 1_000_000n;
}

/** The fee the runtime charges for a message: base fee per signature plus the priority fee. */
export function messageFeeLamports(message: CompiledMessageV0OrLegacy): bigint {
  const budget = computeBudgetOf(instructionsOfCompiledMessage(message));
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priorityFeeLamports(budget);
}
