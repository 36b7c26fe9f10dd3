import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type CompiledTransactionMessageWithLifetime,
  type Transaction,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import type { CompiledMessageV0OrLegacy } from '@chain/compute-budget';
import { invalidParams } from './rpc-error';

/** Largest serialised transaction a Solana node accepts (PACKET_DATA_SIZE). */
const MAX_TRANSACTION_BYTES = 1232;
/** Address lookup table accounts: a 56-byte header, then the addresses (solana address-lookup-table state). */
const LOOKUP_TABLE_HEADER_BYTES = 56;

export type CompiledMessage = CompiledMessageV0OrLegacy & CompiledTransactionMessageWithLifetime;

export interface DecodedTransaction {
  bytes: Uint8Array;
  transaction: Transaction;
  message: CompiledMessage;
  version: 'legacy' | 0;
  /** Base58 signatures in signer order; a missing one is 64 zero bytes, as on the wire. */
  signatures: string[];
  /** The transaction id: the fee payer's signature. */
  signature: string;
}

export interface LoadedAddresses {
  writable: Address[];
  readonly: Address[];
}

export function decodeEncodedTransaction(encoded: string, encoding: 'base58' | 'base64'): Uint8Array {
  try {
    return new Uint8Array(
      encoding === 'base64' ? getBase64Encoder().encode(encoded) : getBase58Encoder().encode(encoded),
    );
  } catch {
    throw invalidParams(`transaction is not valid ${encoding}`);
  }
}

export function decodeWireTransaction(bytes: Uint8Array): DecodedTransaction {
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    throw invalidParams(`transaction too large: ${bytes.length} bytes (max: ${MAX_TRANSACTION_BYTES})`);
  }
  let transaction: Transaction;
  let decoded: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
  try {
    transaction = getTransactionDecoder().decode(bytes);
    decoded = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch {
    throw invalidParams('failed to deserialize the transaction');
  }
  if (decoded.version !== 'legacy' && decoded.version !== 0) {
    throw invalidParams(`unsupported transaction version ${String(decoded.version)}`);
  }
  const message: CompiledMessage = decoded;
  const base58 = getBase58Decoder();
  const signatures = Object.values(transaction.signatures).map((s) => base58.decode(s ?? new Uint8Array(64)));
  if (signatures.length === 0) throw invalidParams('transaction has no signatures');
  return { bytes, transaction, message, version: message.version, signatures, signature: signatures[0]! };
}

/** Resolves a v0 message's lookup-table entries against current account state (empty for legacy). */
export function resolveLoadedAddresses(svm: LiteSVM, message: CompiledMessage): LoadedAddresses {
  const loaded: LoadedAddresses = { writable: [], readonly: [] };
  if (message.version !== 0) return loaded;
  const base58 = getBase58Decoder();
  for (const lookup of message.addressTableLookups ?? []) {
    const account = svm.getAccount(lookup.lookupTableAddress);
    if (!account.exists) continue; // the runtime then fails the transaction with AddressLookupTableNotFound
    const entry = (i: number) => {
      const start = LOOKUP_TABLE_HEADER_BYTES + i * 32;
      return base58.decode(account.data.subarray(start, start + 32)) as Address;
    };
    loaded.writable.push(...lookup.writableIndexes.map(entry));
    loaded.readonly.push(...lookup.readonlyIndexes.map(entry));
  }
  return loaded;
}

/** Static keys, then loaded writable, then loaded read-only: the order of pre/postBalances in the RPC meta. */
export function allAccountKeys(message: CompiledMessage, loaded: LoadedAddresses): Address[] {
  return [...message.staticAccounts, ...loaded.writable, ...loaded.readonly];
}

/** Which of `allAccountKeys` the message may write, from the header's read-only counts. */
export function writableAccountKeys(message: CompiledMessage, loaded: LoadedAddresses): Address[] {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const keys = message.staticAccounts;
  const staticWritable = keys.filter((_, i) =>
    i < numSignerAccounts
      ? i < numSignerAccounts - numReadonlySignerAccounts
      : i < keys.length - numReadonlyNonSignerAccounts,
  );
  return [...staticWritable, ...loaded.writable];
}
