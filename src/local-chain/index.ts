// Node-only: the local validator (LiteSVM, node:fs, node:http). Never import this from browser code.
export { createLocalValidator, type LocalValidator, type LocalValidatorOptions } from './create-local-validator';
export { serveLocalValidator } from './serve';
export { MAX_AIRDROP_LAMPORTS } from './faucet';
export { STATE_FILE_NAME, loadAccountLamports } from './state-file';
export { attachPubSub, type WsTransportOptions } from './pubsub/ws-transport';
export { servePubSub, type ServedValidator } from './serve';
export { tooManyRequests } from './rpc-error';
export { serializeAnswer } from './encoded-data';
