import { z } from 'zod';
import { isVisibleAt, type ValidatorCore } from '../core';
import { encodeTransactionResponse } from '../encode-transaction';
import { RpcError } from '../rpc-error';
import {
  addressSchema,
  atLeastConfirmed,
  commitmentSchema,
  parseParams,
  withContext,
  type MethodHandler,
} from './params';

/** Agave's limit on getBlocks ranges (MAX_GET_CONFIRMED_BLOCKS_RANGE). */
const MAX_BLOCKS_RANGE = 500_000;
const BLOCK_NOT_AVAILABLE = -32004;
const slotSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const blockConfig = z.object({
  encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).default('json'),
  transactionDetails: z.enum(['full', 'signatures', 'none', 'accounts']).default('full'),
  rewards: z.boolean().optional(),
  commitment: commitmentSchema,
  maxSupportedTransactionVersion: z.number().int().min(0).optional(),
});

/**
 * Blocks, epochs and the node itself. With one node and no skipped slots, every slot up to the current one is a
 * block (most of them empty); its blockhash is the clock's, its parent the slot before it.
 */
export function blockMethods(core: ValidatorCore): Record<string, MethodHandler> {
  const { clock } = core;
  const newestSlot = (commitment: 'processed' | 'confirmed' | 'finalized') =>
    commitment === 'finalized' ? Math.max(0, clock.currentSlot() - core.finalitySlots) : clock.currentSlot();
  const notAvailable = (slot: number) => new RpcError(BLOCK_NOT_AVAILABLE, `Block not available for slot ${slot}`);
  const blockTime = (slot: number) => clock.unixTimestamp(clock.slotStartMs(slot));

  return {
    getBlock: (params) => {
      const [slot, config = blockConfig.parse({})] = parseParams(z.tuple([slotSchema, blockConfig.optional()]), params);
      const commitment = atLeastConfirmed(config.commitment);
      if (slot > newestSlot(commitment)) throw notAvailable(slot);
      const records = core.ledger.inSlot(slot).filter((r) => isVisibleAt(core, r.slot, commitment));
      const maxVersion = config.maxSupportedTransactionVersion;
      // As Agave's block encoding does: only the modes that encode transactions ("full", "accounts") check their
      // version; "signatures" and "none" answer for any block (web3.js' getBlockSignatures never sends a version).
      const encodesTransactions = config.transactionDetails === 'full' || config.transactionDetails === 'accounts';
      if (encodesTransactions && maxVersion === undefined && records.some((r) => r.version === 0)) {
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      const encode = (r: (typeof records)[number], encoding: typeof config.encoding) =>
        encodeTransactionResponse(r, encoding, maxVersion !== undefined) as ReturnType<
          typeof encodeTransactionResponse
        > & { version?: unknown };
      const withVersion = (version: unknown) => (version === undefined ? {} : { version });
      const details =
        config.transactionDetails === 'signatures'
          ? { signatures: records.map((r) => r.signature) }
          : config.transactionDetails === 'none'
            ? {}
            : config.transactionDetails === 'accounts'
              ? {
                  // Agave's "accounts" mode: the parsed account keys and signatures, no instructions.
                  transactions: records.map((r) => {
                    const { transaction, meta, version } = encode(r, 'jsonParsed');
                    const { signatures, message } = transaction as {
                      signatures: string[];
                      message: { accountKeys: unknown[] };
                    };
                    return {
                      transaction: { signatures, accountKeys: message.accountKeys },
                      meta: accountsModeMeta(meta),
                      ...withVersion(version),
                    };
                  }),
                }
              : {
                  transactions: records.map((r) => {
                    const { transaction, meta, version } = encode(r, config.encoding);
                    return { transaction, meta, ...withVersion(version) };
                  }),
                };
      return {
        blockhash: clock.blockhashAt(slot),
        previousBlockhash: clock.blockhashAt(Math.max(0, slot - 1)),
        parentSlot: Math.max(0, slot - 1),
        blockHeight: slot,
        blockTime: records[0]?.blockTime ?? blockTime(slot),
        ...details,
        ...(config.rewards === false ? {} : { rewards: [] }),
      };
    },
    getBlockTime: (params) => {
      const [slot] = parseParams(z.tuple([slotSchema]), params);
      if (slot > clock.currentSlot()) throw notAvailable(slot);
      return core.ledger.inSlot(slot)[0]?.blockTime ?? blockTime(slot);
    },
    getBlocks: (params) => {
      const [start, endOrConfig, maybeConfig] = parseParams(
        z.tuple([
          slotSchema,
          z.union([slotSchema, z.object({ commitment: commitmentSchema })]).optional(),
          z.object({ commitment: commitmentSchema }).optional(),
        ]),
        params,
      );
      const config = typeof endOrConfig === 'object' ? endOrConfig : maybeConfig;
      const newest = newestSlot(atLeastConfirmed(config?.commitment));
      const end = Math.min(typeof endOrConfig === 'number' ? endOrConfig : newest, newest);
      if (end - start > MAX_BLOCKS_RANGE) {
        throw new RpcError(-32602, `Slot range too large; max ${MAX_BLOCKS_RANGE}`);
      }
      const slots: number[] = [];
      for (let slot = start; slot <= end; slot++) slots.push(slot);
      return slots;
    },
    getEpochSchedule: () => {
      const schedule = core.svm.getEpochSchedule();
      return {
        slotsPerEpoch: schedule.slotsPerEpoch,
        leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
        warmup: schedule.warmup,
        firstNormalEpoch: schedule.firstNormalEpoch,
        firstNormalSlot: schedule.firstNormalSlot,
      };
    },
    getFirstAvailableBlock: () => 0,
    getIdentity: () => ({ identity: clock.state.genesisHash }),
    getClusterNodes: () => [
      {
        // The genesis hash is 32 bytes, so it doubles as the node's stable identity key.
        pubkey: clock.state.genesisHash,
        gossip: null,
        tpu: null,
        tpuQuic: null,
        rpc: core.endpoints.rpc,
        pubsub: core.endpoints.pubsub,
        version: '2.2.0',
        featureSet: 0,
        shredVersion: 0,
      },
    ],
    getLargestAccounts: (params) => {
      parseParams(
        z.tuple([
          z
            .object({ commitment: commitmentSchema, filter: z.enum(['circulating', 'nonCirculating']).optional() })
            .optional(),
        ]),
        params,
      );
      const largest = [...core.accounts]
        .map(([address, account]) => ({ address, lamports: BigInt(account.lamports) }))
        .sort((a, b) => (a.lamports > b.lamports ? -1 : a.lamports < b.lamports ? 1 : 0))
        .slice(0, 20);
      return withContext(core, largest);
    },
    getInflationReward: (params) => {
      const [addresses] = parseParams(
        z.tuple([
          z.array(addressSchema).max(1000),
          z
            .object({
              commitment: commitmentSchema,
              epoch: z.number().int().nonnegative().optional(),
              minContextSlot: z.number().optional(),
            })
            .optional(),
        ]),
        params,
      );
      // No staking and no inflation on a one-node dev chain: nobody earns a reward.
      return addresses.map(() => null);
    },
  };
}

/**
 * Agave's "accounts" mode sends a simplified meta: the status, fee and balances only. Inner instructions, logs,
 * loaded addresses, return data and compute units are left out (clients such as web3.js parse what remains).
 */
function accountsModeMeta(meta: unknown): unknown {
  if (meta === null || typeof meta !== 'object') return meta;
  const { err, status, fee, preBalances, postBalances, preTokenBalances, postTokenBalances, rewards } = meta as Record<
    string,
    unknown
  >;
  return { err, status, fee, preBalances, postBalances, preTokenBalances, postTokenBalances, rewards };
}
