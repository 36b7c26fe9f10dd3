import type { FailedTransactionMetadata } from 'litesvm';

/** A TransactionError as the Solana RPC serialises it (serde JSON): a name, or `{ Variant: payload }`. */
export type TransactionErrorJson = string | { [variant: string]: unknown };

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

// LiteSVM hands fieldless variants over as the ordinal of a `const enum`, which does not exist at run time;
// these lists mirror litesvm's internal.d.ts (TransactionErrorFieldless / InstructionErrorFieldless) in order.
const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const;
const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const;

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? 'GenericError';
  if (err && typeof err === 'object' && 'code' in err) return { Custom: Number(err.code) };
  return 'BorshIoError';
}

/** Converts LiteSVM's error object into the RPC's JSON form. The classes are told apart by name: litesvm does not export them. */
export function toTransactionErrorJson(err: LiteSvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? 'SanitizeFailure';
  const e = err as unknown as {
    constructor: { name: string };
    index?: number;
    accountIndex?: number;
    err?: () => unknown;
  };
  switch (e.constructor.name) {
    case 'TransactionErrorInstructionError':
      return { InstructionError: [e.index, instructionErrorJson(e.err?.())] };
    case 'TransactionErrorDuplicateInstruction':
      return { DuplicateInstruction: e.index };
    case 'TransactionErrorInsufficientFundsForRent':
      return { InsufficientFundsForRent: { account_index: e.accountIndex } };
    default:
      return { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } };
  }
}

const FIXED_TEXT: Record<string, string> = {
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  SignatureFailure: 'Transaction did not pass signature verification',
};

/** The human text Solana's RPC puts after "Transaction simulation failed: ". */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return FIXED_TEXT[err] ?? err;
  const [variant, payload] = Object.entries(err)[0] ?? ['Unknown', null];
  if (variant === 'InstructionError' && Array.isArray(payload)) {
    const [index, ixErr] = payload as [number, unknown];
    const detail =
      ixErr && typeof ixErr === 'object' && 'Custom' in ixErr
        ? `custom program error: 0x${Number(ixErr.Custom).toString(16)}`
        : String(ixErr);
    return `Error processing Instruction ${index}: ${detail}`;
  }
  return `${variant} ${JSON.stringify(payload)}`;
}
