import { getBase58Decoder, getBase64Decoder } from '@solana/kit';
import type { TransactionRecord } from './ledger';
import { parseInstruction } from './parse-instruction';
import { decodeWireTransaction, writableAccountKeys } from './wire';

export type TransactionEncoding = 'json' | 'jsonParsed' | 'base64' | 'base58';

/** A transaction in the `json` encoding of getTransaction: the compiled message with base58 instruction data. */
function jsonTransaction(record: TransactionRecord) {
  const { message, signatures } = decodeWireTransaction(record.wire);
  const base58 = getBase58Decoder();
  return {
    signatures,
    message: {
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      accountKeys: message.staticAccounts,
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: base58.decode(ix.data ?? new Uint8Array(0)),
        stackHeight: null,
      })),
      ...(message.version === 0
        ? {
            addressTableLookups: (message.addressTableLookups ?? []).map((l) => ({
              accountKey: l.lookupTableAddress,
              writableIndexes: l.writableIndexes,
              readonlyIndexes: l.readonlyIndexes,
            })),
          }
        : {}),
    },
  };
}

/** The `jsonParsed` transaction: account keys with their roles, and instructions parsed where a parser knows them. */
function parsedTransaction(record: TransactionRecord) {
  const { message, signatures } = decodeWireTransaction(record.wire);
  const json = jsonTransaction(record).message;
  const keys = record.accountKeys;
  const writable = new Set(writableAccountKeys(message, record.loadedAddresses));
  const signerCount = message.header.numSignerAccounts;
  const staticCount = message.staticAccounts.length;
  return {
    signatures,
    message: {
      accountKeys: keys.map((pubkey, i) => ({
        pubkey,
        signer: i < signerCount,
        writable: writable.has(pubkey as never),
        source: i < staticCount ? 'transaction' : 'lookupTable',
      })),
      recentBlockhash: json.recentBlockhash,
      instructions: json.instructions.map((ix) => parseInstruction(ix, keys)),
      ...('addressTableLookups' in json ? { addressTableLookups: json.addressTableLookups } : {}),
    },
  };
}

/**
 * The getTransaction answer for a landed transaction. `version` is present only when the caller declared
 * maxSupportedTransactionVersion, as in Solana's RPC. Inner instructions are LiteSVM's; token balances are read
 * around the transaction by executor.ts (empty for records saved before they were kept).
 */
export function encodeTransactionResponse(
  record: TransactionRecord,
  encoding: TransactionEncoding,
  withVersion: boolean,
) {
  const transaction =
    encoding === 'jsonParsed'
      ? parsedTransaction(record)
      : encoding === 'json'
        ? jsonTransaction(record)
        : encoding === 'base64'
          ? [getBase64Decoder().decode(record.wire), 'base64']
          : [getBase58Decoder().decode(record.wire), 'base58'];
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    ...(withVersion ? { version: record.version } : {}),
    transaction,
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: record.fee,
      preBalances: record.preBalances,
      postBalances: record.postBalances,
      innerInstructions:
        encoding === 'jsonParsed'
          ? (record.innerInstructions ?? []).map((group) => ({
              index: group.index,
              instructions: group.instructions.map((ix) => parseInstruction(ix, record.accountKeys)),
            }))
          : (record.innerInstructions ?? []),
      logMessages: record.logMessages,
      preTokenBalances: record.preTokenBalances ?? [],
      postTokenBalances: record.postTokenBalances ?? [],
      rewards: [],
      loadedAddresses: record.loadedAddresses,
      computeUnitsConsumed: record.computeUnitsConsumed,
    },
  };
}
