import { z } from 'zod';
import { isFinalized, isVisibleAt, type ValidatorCore } from '../core';
import { encodeTransactionResponse } from '../encode-transaction';
import type { TransactionRecord } from '../ledger';
import { RpcError, RpcErrorCode } from '../rpc-error';
import {
  addressSchema,
  atLeastConfirmed,
  commitmentSchema,
  parseParams,
  signatureSchema,
  withContext,
  type MethodHandler,
} from './params';

/** Without searchTransactionHistory, statuses come from the recent status cache only (300 slots, as in Agave). */
const STATUS_CACHE_SLOTS = 300;

const transactionConfig = z.object({
  encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).default('json'),
  commitment: commitmentSchema,
  maxSupportedTransactionVersion: z.number().int().min(0).optional(),
});

const signaturesConfig = z.object({
  limit: z.number().int().min(1).max(1000).default(1000),
  before: signatureSchema.optional(),
  until: signatureSchema.optional(),
  commitment: commitmentSchema,
  minContextSlot: z.number().optional(),
});

export function historyMethods(core: ValidatorCore): Record<string, MethodHandler> {
  const confirmationStatus = (r: TransactionRecord) => (isFinalized(core, r.slot) ? 'finalized' : 'confirmed');

  return {
    getTransaction: (params) => {
      const [signature, config = transactionConfig.parse({})] = parseParams(
        z.tuple([signatureSchema, transactionConfig.optional()]),
        params,
      );
      const record = core.ledger.get(signature);
      if (!record || !isVisibleAt(core, record.slot, atLeastConfirmed(config.commitment))) return null;
      const maxVersion = config.maxSupportedTransactionVersion;
      if (record.version === 0 && maxVersion === undefined) {
        throw new RpcError(
          RpcErrorCode.UNSUPPORTED_TRANSACTION_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      return encodeTransactionResponse(record, config.encoding, maxVersion !== undefined);
    },

    getSignatureStatuses: (params) => {
      const [signatures, config] = parseParams(
        z.tuple([
          z.array(signatureSchema).max(256),
          z.object({ searchTransactionHistory: z.boolean().optional() }).optional(),
        ]),
        params,
      );
      const oldestCached = core.clock.currentSlot() - STATUS_CACHE_SLOTS;
      return withContext(
        core,
        signatures.map((signature) => {
          const r = core.ledger.get(signature);
          if (!r || (!config?.searchTransactionHistory && r.slot < oldestCached)) return null;
          const finalized = isFinalized(core, r.slot);
          return {
            slot: r.slot,
            confirmations: finalized ? null : core.clock.currentSlot() - r.slot,
            err: r.err,
            status: r.err === null ? { Ok: null } : { Err: r.err },
            confirmationStatus: confirmationStatus(r),
          };
        }),
      );
    },

    getSignaturesForAddress: (params) => {
      const [address, config = signaturesConfig.parse({})] = parseParams(
        z.tuple([addressSchema, signaturesConfig.optional()]),
        params,
      );
      const commitment = atLeastConfirmed(config.commitment);
      let records = core.ledger.forAddress(address).filter((r) => isVisibleAt(core, r.slot, commitment));
      if (config.before) {
        const at = records.findIndex((r) => r.signature === config.before);
        records = at === -1 ? [] : records.slice(at + 1);
      }
      if (config.until) {
        const at = records.findIndex((r) => r.signature === config.until);
        if (at !== -1) records = records.slice(0, at);
      }
      return records.slice(0, config.limit).map((r) => ({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: r.memo,
        blockTime: r.blockTime,
        confirmationStatus: confirmationStatus(r),
      }));
    },
  };
}
