import { getBase64Encoder, getCompiledTransactionMessageDecoder } from '@solana/kit';
import { z } from 'zod';
import { messageFeeLamports } from '@chain/compute-budget';
import type { ValidatorCore } from '../core';
import { BLOCKHASH_VALIDITY_SLOTS } from '../ledger-clock';
import { invalidParams } from '../rpc-error';
import { addressSchema, commitmentConfig, parseParams, withContext, type MethodHandler } from './params';

const configOnly = z.tuple([commitmentConfig.optional()]);

/** Slots, blockhashes, fees and node facts. */
export function clusterMethods(core: ValidatorCore): Record<string, MethodHandler> {
  const { clock, svm } = core;
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => clock.state.genesisHash,
    getSlot: (params) => (parseParams(configOnly, params), clock.currentSlot()),
    getBlockHeight: (params) => (parseParams(configOnly, params), clock.currentSlot()),
    getEpochInfo: (params) => {
      parseParams(configOnly, params);
      const slot = clock.currentSlot();
      const slotsInEpoch = Number(svm.getEpochSchedule().slotsPerEpoch);
      const transactionCount = core.ledger.all().length;
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / slotsInEpoch),
        slotIndex: slot % slotsInEpoch,
        slotsInEpoch,
        transactionCount,
      };
    },
    getLatestBlockhash: (params) => {
      parseParams(configOnly, params);
      const { blockhash, lastValidBlockHeight } = clock.latestBlockhash();
      return withContext(core, { blockhash, lastValidBlockHeight });
    },
    isBlockhashValid: (params) => {
      const [blockhash] = parseParams(z.tuple([z.string(), commitmentConfig.optional()]), params);
      return withContext(core, clock.isBlockhashValid(blockhash));
    },
    getMinimumBalanceForRentExemption: (params) => {
      const [size] = parseParams(z.tuple([z.number().int().nonnegative(), commitmentConfig.optional()]), params);
      return svm.minimumBalanceForRentExemption(BigInt(size));
    },
    getFeeForMessage: (params) => {
      const [encoded] = parseParams(z.tuple([z.string(), commitmentConfig.optional()]), params);
      let message;
      try {
        message = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(encoded));
      } catch {
        throw invalidParams('message is not a base64 transaction message');
      }
      if (message.version !== 'legacy' && message.version !== 0) throw invalidParams('unsupported message version');
      // As on mainnet: no fee for a message whose blockhash has expired, since it could never land.
      return withContext(core, clock.isBlockhashValid(message.lifetimeToken) ? messageFeeLamports(message) : null);
    },
    getRecentPrioritizationFees: (params) => {
      const [addresses] = parseParams(z.tuple([z.array(addressSchema).max(128).optional()]), params);
      const wanted = addresses && addresses.length > 0 ? new Set(addresses) : undefined;
      const lowestBySlot = new Map<number, bigint>();
      for (const record of core.ledger.since(clock.currentSlot() - BLOCKHASH_VALIDITY_SLOTS)) {
        if (wanted && !record.accountKeys.some((key) => wanted.has(key))) continue;
        const lowest = lowestBySlot.get(record.slot);
        if (lowest === undefined || record.computeUnitPrice < lowest)
          lowestBySlot.set(record.slot, record.computeUnitPrice);
      }
      return [...lowestBySlot].map(([slot, prioritizationFee]) => ({ slot, prioritizationFee }));
    },
  };
}
