import { z } from 'zod';
import type { ValidatorCore } from '../core';
import { simulateTransaction, submitTransaction } from '../executor';
import { decodeEncodedTransaction, decodeWireTransaction } from '../wire';
import { commitmentSchema, parseParams, withContext, type MethodHandler } from './params';

// Solana's RPC still defaults these two methods to base58, the legacy wire encoding; kit always sends base64.
const encodingSchema = z.enum(['base58', 'base64']).default('base58');

const sendConfig = z.object({
  encoding: encodingSchema,
  skipPreflight: z.boolean().default(false),
  preflightCommitment: commitmentSchema,
  maxRetries: z.number().optional(),
  minContextSlot: z.number().optional(),
});

const simulateConfig = z.object({
  encoding: encodingSchema,
  sigVerify: z.boolean().default(false),
  replaceRecentBlockhash: z.boolean().default(false),
  commitment: commitmentSchema,
  innerInstructions: z.boolean().optional(),
  minContextSlot: z.number().optional(),
});

export function sendMethods(core: ValidatorCore): Record<string, MethodHandler> {
  return {
    sendTransaction: (params) => {
      const [encoded, config = sendConfig.parse({})] = parseParams(
        z.tuple([z.string(), sendConfig.optional()]),
        params,
      );
      const tx = decodeWireTransaction(decodeEncodedTransaction(encoded, config.encoding));
      return submitTransaction(core, tx, config.skipPreflight);
    },
    simulateTransaction: (params) => {
      const [encoded, config = simulateConfig.parse({})] = parseParams(
        z.tuple([z.string(), simulateConfig.optional()]),
        params,
      );
      const tx = decodeWireTransaction(decodeEncodedTransaction(encoded, config.encoding));
      const latest = core.clock.latestBlockhash();
      // LiteSVM's own blockhash check is off (we keep 150 slots of blockhashes), so "replacing" it only means
      // skipping our check and reporting the blockhash the simulation stands for.
      const blockhashOk = config.replaceRecentBlockhash || core.clock.isBlockhashValid(tx.message.lifetimeToken);
      const outcome = blockhashOk
        ? simulateTransaction(core, tx, config.sigVerify)
        : { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n };
      return withContext(core, {
        err: outcome.err,
        logs: outcome.logs,
        accounts: null,
        unitsConsumed: outcome.unitsConsumed,
        returnData: null,
        innerInstructions: null,
        replacementBlockhash: config.replaceRecentBlockhash
          ? { blockhash: latest.blockhash, lastValidBlockHeight: latest.lastValidBlockHeight }
          : null,
      });
    },
  };
}
