// Node-only: the local validator (LiteSVM, node:fs, node:http). Never import this from browser code.
export { createLocalValidator, type LocalValidator, type LocalValidatorOptions } from './create-local-validator.js';
export { serveLocalValidator } from './serve.js';
export { MAX_AIRDROP_LAMPORTS } from './faucet.js';
export { STATE_FILE_NAME } from './state-file.js';
export { attachPubSub, type WsTransportOptions } from './pubsub/ws-transport.js';
export { servePubSub, type ServedValidator } from './serve.js';
export { tooManyRequests } from './rpc-error.js';
