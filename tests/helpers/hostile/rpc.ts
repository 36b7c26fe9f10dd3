import fc from 'fast-check';
import { PROTOTYPE_KEYS, SCRIPT_INJECTION, SQL_INJECTION } from './values';

/**
 * Hostile JSON-RPC for the local chain's `/rpc` (HTTP) and its PubSub (WebSocket): real method names with params
 * of every wrong shape, unknown and prototype method names, broken envelopes, batches and raw text. Addresses and
 * signatures come in valid and invalid base58 so handlers get past the first check now and then.
 */

const HTTP_METHODS = [
  'getHealth',
  'getVersion',
  'getSlot',
  'getBlockHeight',
  'getEpochInfo',
  'getLatestBlockhash',
  'isBlockhashValid',
  'getMinimumBalanceForRentExemption',
  'getFeeForMessage',
  'getRecentPrioritizationFees',
  'getBalance',
  'getAccountInfo',
  'getMultipleAccounts',
  'requestAirdrop',
  'sendTransaction',
  'simulateTransaction',
  'getTransaction',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getTokenAccountsByOwner',
  'getTokenAccountsByDelegate',
  'getTokenAccountBalance',
  'getTokenSupply',
  'getTokenLargestAccounts',
  'getBlock',
  'getBlockTime',
  'getBlocks',
  'getEpochSchedule',
  'getFirstAvailableBlock',
  'getClusterNodes',
  'getIdentity',
  'getLargestAccounts',
  'getInflationReward',
  'getGenesisHash',
];
export const PUBSUB_METHODS = [
  'signatureSubscribe',
  'slotSubscribe',
  'accountSubscribe',
  'logsSubscribe',
  'programSubscribe',
  'rootSubscribe',
  'signatureUnsubscribe',
  'slotUnsubscribe',
  'accountUnsubscribe',
  'logsUnsubscribe',
  'programUnsubscribe',
  'rootUnsubscribe',
];

const base58 = fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{1,90}$/);
const addressLike = fc.oneof(
  fc.constantFrom(
    '11111111111111111111111111111111',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    'So11111111111111111111111111111111111111112',
  ),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  base58,
);
const hostileString = fc.oneof(
  fc.constantFrom(
    ...SQL_INJECTION,
    ...SCRIPT_INJECTION,
    ...PROTOTYPE_KEYS,
    '',
    ' ',
    'all',
    'mentions',
    'base64',
    'jsonParsed',
  ),
  fc.string({ maxLength: 200 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 53, 2 ** 64, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
  fc.double(),
);
const leaf = fc.oneof(hostileString, hostileNumber, addressLike, fc.boolean(), fc.constant(null));
const configObject = fc.dictionary(
  fc.constantFrom(
    'commitment',
    'encoding',
    'filters',
    'mint',
    'programId',
    'dataSlice',
    'limit',
    'before',
    'until',
    'maxSupportedTransactionVersion',
    'transactionDetails',
    'enableReceivedNotification',
    'mentions',
    '__proto__',
    'constructor',
    'skipPreflight',
    'sigVerify',
    'searchTransactionHistory',
    'epoch',
    'filter',
    'rewards',
  ),
  fc.oneof(leaf, fc.array(leaf, { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 10 }), leaf, { maxKeys: 3 })),
  { maxKeys: 5 },
);
const params = fc.oneof(
  fc.array(fc.oneof(leaf, configObject, fc.array(addressLike, { maxLength: 5 })), { maxLength: 5 }),
  fc.constant(undefined),
  leaf,
  configObject,
);

export const rpcRequest = (methods: readonly string[]) =>
  fc.record(
    {
      jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('2.0'), fc.constant('1.0'), leaf),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 20 }), fc.constant(null), configObject),
      method: fc.oneof(fc.constantFrom(...methods), fc.constantFrom(...methods), hostileString),
      params,
    },
    { requiredKeys: ['method'] },
  );

/** A JSON-RPC body for POST /rpc: one request, a batch (sometimes past the 100 limit), or raw text. */
export const rpcHttpBody = fc.oneof(
  { weight: 6, arbitrary: rpcRequest(HTTP_METHODS).map((r) => JSON.stringify(r)) },
  { weight: 2, arbitrary: fc.array(rpcRequest(HTTP_METHODS), { maxLength: 120 }).map((r) => JSON.stringify(r)) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.json(),
      fc.constantFrom('', '[]', '{}', 'null', '[[[[[[]]]]]]'),
    ),
  },
);

/** A text frame for the PubSub WebSocket. */
export const pubsubFrame = fc.oneof(
  { weight: 6, arbitrary: rpcRequest(PUBSUB_METHODS).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.array(rpcRequest(PUBSUB_METHODS), { maxLength: 5 }).map((r) => JSON.stringify(r)) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 300 }), fc.json()) },
);

const MIB = 1024 * 1024;
const encoding = fc.oneof(
  fc.constantFrom('base58', 'base64', 'base64+zstd', 'jsonParsed', 'binary', 'json'),
  fc.constant(undefined),
);
const sliceNumber = fc.oneof(
  fc.constantFrom(0, 1, 127, 128, 129, 4 * MIB - 1, 4 * MIB, 4 * MIB + 1, 10 * MIB, 2 ** 53, -1),
  fc.integer({ min: 0, max: 10 * MIB }),
);
const dataSlice = fc.oneof(fc.constant(undefined), fc.record({ offset: sliceNumber, length: sliceNumber }));
const accountReadConfig = fc.oneof(
  fc.constant(undefined),
  fc.record({ encoding, dataSlice, commitment: fc.constantFrom(undefined, 'confirmed') }),
);

/**
 * Account reads of every encoding and size: base58 past its 128 bytes, slices at and past the edges, and
 * batches of up to 100 reads of accounts up to 5 MiB, which together ask far more than one request may encode.
 * `addresses` are accounts the caller made with data of several sizes.
 */
export const rpcAccountReadBody = (addresses: readonly string[]) => {
  const address = fc.constantFrom(...addresses);
  const read = fc.oneof(
    fc
      .tuple(address, accountReadConfig)
      .map(([a, config]) => ({ method: 'getAccountInfo', params: config ? [a, config] : [a] })),
    fc
      .tuple(fc.array(address, { minLength: 1, maxLength: 100 }), accountReadConfig)
      .map(([list, config]) => ({ method: 'getMultipleAccounts', params: config ? [list, config] : [list] })),
  );
  const request = fc.tuple(read, fc.nat()).map(([r, id]) => ({ jsonrpc: '2.0', id, ...r }));
  return fc.oneof(
    request.map((r) => JSON.stringify(r)),
    fc.array(request, { minLength: 1, maxLength: 100 }).map((r) => JSON.stringify(r)),
  );
};
