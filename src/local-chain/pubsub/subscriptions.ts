import { getBase58Encoder, getBase64Encoder, type Address, type EncodedAccount } from '@solana/kit';
import { z } from 'zod';
import { isFinalized, type Commitment, type LandedEvent, type ValidatorCore } from '../core';
import { EncodeBudget, MAX_BASE58_BYTES } from '../encode-budget';
import { accountConfig, checkedAddress, encodeAccount, type AccountConfig } from '../methods/accounts';
import { addressSchema, commitmentSchema, parseParams, signatureSchema } from '../methods/params';
import { RpcError, RpcErrorCode } from '../rpc-error';

/**
 * What each PubSub subscription listens for and the notification it sends, in the shapes of Solana's RPC
 * documentation (solana.com/docs/rpc/websocket). A subscription answers a landed transaction with zero or more
 * notification results; the caller wraps each in `{ jsonrpc, method, params: { result, subscription } }`.
 */

export interface Subscription {
  /** The notification method name (`signatureNotification`, …). */
  notification: string;
  commitment: Commitment;
  /** Results for one landed transaction, and whether the subscription ends after sending them. */
  onLanded?(event: LandedEvent): { results: unknown[]; done?: boolean };
  /**
   * Results sent the moment a transaction lands, whatever the commitment: signatureSubscribe's
   * `receivedSignature`, which Agave sends when the transaction arrives, not when it reaches the commitment.
   */
  onArrival?(event: LandedEvent): unknown[];
  /** A transaction that landed before the subscription and still concerns it (signatureSubscribe). */
  replay?: LandedEvent;
  /** A slot notification (slotSubscribe and rootSubscribe only). */
  onSlot?(slot: number): unknown;
}

const context = (core: ValidatorCore, slot = core.clock.currentSlot()) => ({ slot });
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A closed account is notified as the RPC does: zero lamports, no data, owned by the System Program. */
function accountNow(core: ValidatorCore, address: string): EncodedAccount {
  const account = core.svm.getAccount(address as Address);
  if (account.exists) return account;
  return {
    address: address as Address,
    data: new Uint8Array(0),
    executable: false,
    lamports: 0n as never,
    programAddress: SYSTEM_PROGRAM as Address,
    space: 0n,
  };
}

/**
 * An account for a notification. There is no request to refuse, so base58 of more than 128 bytes is sent as base64
 * (the data's tuple says which), as jsonParsed falls back to base64. Each notification may encode what one request
 * may; past that encodeAccount throws and PubSub ends the subscription.
 */
function notifiedAccount(core: ValidatorCore, account: EncodedAccount, config: AccountConfig | undefined) {
  const slice = config?.dataSlice;
  const length = slice ? Math.max(0, Math.min(slice.length, account.data.length - slice.offset)) : account.data.length;
  const base58 = config?.encoding === undefined || config.encoding === 'base58';
  const effective = base58 && length > MAX_BASE58_BYTES ? { ...config, encoding: 'base64' as const } : config;
  return encodeAccount(core, account, effective, new EncodeBudget());
}

const signatureConfig = z
  .object({ commitment: commitmentSchema, enableReceivedNotification: z.boolean().optional() })
  .strict();

function signatureSubscription(core: ValidatorCore, params: unknown): Subscription {
  const [signature, config] = parseParams(z.tuple([signatureSchema, signatureConfig.optional()]), params);
  const commitment = config?.commitment ?? 'finalized';
  const status = (err: unknown, slot: number) => ({ context: context(core, slot), value: { err } });
  const existing = core.ledger.get(signature);
  return {
    notification: 'signatureNotification',
    commitment,
    // A signature that already landed is answered as soon as it reaches the commitment, as Agave does.
    replay: existing ? { record: existing, written: [] } : undefined,
    onArrival: ({ record }) =>
      config?.enableReceivedNotification && record.signature === signature
        ? [{ context: context(core, record.slot), value: 'receivedSignature' }]
        : [],
    onLanded: ({ record }) => {
      if (record.signature !== signature) return { results: [] };
      return { results: [status(record.err, record.slot)], done: true };
    },
  };
}

const MENTIONS_LIMIT = 1; // Agave: "Invalid Request: Only 1 address supported"
const logsFilter = z.union([
  z.literal('all'),
  z.literal('allWithVotes'),
  z.object({ mentions: z.array(addressSchema).min(1).max(MENTIONS_LIMIT) }).strict(),
]);

function logsSubscription(core: ValidatorCore, params: unknown): Subscription {
  const [filter, config] = parseParams(
    z.tuple([logsFilter, z.object({ commitment: commitmentSchema }).strict().optional()]),
    params,
  );
  const mention = typeof filter === 'object' ? checkedAddress(filter.mentions[0]!) : undefined;
  return {
    notification: 'logsNotification',
    commitment: config?.commitment ?? 'finalized',
    onLanded: ({ record }) => {
      if (mention && !record.accountKeys.includes(mention)) return { results: [] };
      const value = { signature: record.signature, err: record.err, logs: record.logMessages };
      return { results: [{ context: context(core, record.slot), value }] };
    },
  };
}

const subscribeAccountConfig = accountConfig.omit({ minContextSlot: true }).strict();

function accountSubscription(core: ValidatorCore, params: unknown): Subscription {
  const [address, config] = parseParams(z.tuple([addressSchema, subscribeAccountConfig.optional()]), params);
  checkedAddress(address);
  return {
    notification: 'accountNotification',
    commitment: config?.commitment ?? 'finalized',
    onLanded: ({ record, written }) => {
      if (!written.includes(address)) return { results: [] };
      const value = notifiedAccount(core, accountNow(core, address), config);
      return { results: [{ context: context(core, record.slot), value }] };
    },
  };
}

const memcmpFilter = z
  .object({
    memcmp: z
      .object({
        offset: z.number().int().nonnegative(),
        bytes: z.string().max(1024),
        encoding: z.enum(['base58', 'base64']).optional(),
      })
      .strict(),
  })
  .strict();
const programFilter = z.union([z.object({ dataSize: z.number().int().nonnegative() }).strict(), memcmpFilter]);
const programConfig = subscribeAccountConfig.extend({ filters: z.array(programFilter).max(4).optional() }).strict();
type ProgramFilter = z.infer<typeof programFilter>;

function filterMatcher(filter: ProgramFilter): (data: Uint8Array) => boolean {
  if ('dataSize' in filter) return (data) => data.length === filter.dataSize;
  const { offset, bytes, encoding = 'base58' } = filter.memcmp;
  let wanted: Uint8Array;
  try {
    wanted = new Uint8Array((encoding === 'base64' ? getBase64Encoder() : getBase58Encoder()).encode(bytes));
  } catch {
    throw new RpcError(RpcErrorCode.INVALID_PARAMS, `Invalid params: memcmp bytes are not valid ${encoding}`);
  }
  return (data) => data.length >= offset + wanted.length && wanted.every((byte, i) => data[offset + i] === byte);
}

function programSubscription(core: ValidatorCore, params: unknown): Subscription {
  const [program, config] = parseParams(z.tuple([addressSchema, programConfig.optional()]), params);
  checkedAddress(program);
  const matchers = (config?.filters ?? []).map(filterMatcher);
  return {
    notification: 'programNotification',
    commitment: config?.commitment ?? 'finalized',
    onLanded: ({ record, written }) => {
      const results: unknown[] = [];
      for (const address of written) {
        const account = core.svm.getAccount(address as Address);
        if (!account.exists || account.programAddress !== program) continue;
        if (!matchers.every((match) => match(account.data as Uint8Array))) continue;
        const value = { pubkey: address, account: notifiedAccount(core, account, config) };
        results.push({ context: context(core, record.slot), value });
      }
      return { results };
    },
  };
}

const noParams = z.tuple([]);

/** The subscribe methods, each with its unsubscribe (`slotSubscribe` → `slotUnsubscribe`). */
export const SUBSCRIBE_METHODS: Record<string, (core: ValidatorCore, params: unknown) => Subscription> = {
  signatureSubscribe: signatureSubscription,
  logsSubscribe: logsSubscription,
  accountSubscribe: accountSubscription,
  programSubscribe: programSubscription,
  slotSubscribe: (core, params) => {
    parseParams(noParams, params);
    return {
      notification: 'slotNotification',
      commitment: 'processed',
      onSlot: (slot) => ({ parent: Math.max(0, slot - 1), root: Math.max(0, slot - core.finalitySlots), slot }),
    };
  },
  rootSubscribe: (core, params) => {
    parseParams(noParams, params);
    return {
      notification: 'rootNotification',
      commitment: 'processed',
      onSlot: (slot) => (slot >= core.finalitySlots ? slot - core.finalitySlots : undefined),
    };
  },
};

/** Whether a landed transaction's slot has reached a subscription's commitment yet. */
export function reached(core: ValidatorCore, slot: number, commitment: Commitment): boolean {
  return commitment !== 'finalized' || isFinalized(core, slot);
}
