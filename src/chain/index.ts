// The browser-safe public API of the Solana layer. The local validator is node-only: import it from
// '@chain/local-validator/index' (server and tests only).
export { ChainError, isChainError, RPC_UNAVAILABLE_MESSAGE, type ChainErrorCode } from './errors.js';
export { explorerAddressUrl, explorerClusterQuery, explorerTxUrl } from './explorer.js';
export {
  DEFAULT_GAS_FEE_MULTIPLIER,
  estimatePurchaseNetworkFee,
  FALLBACK_NETWORK_FEE_LAMPORTS,
  type NetworkFeeEstimate,
} from './fees.js';
export { LAMPORTS_PER_SIGNATURE } from './compute-budget.js';
export { createChainRpc, createInProcessChainRpc, type ChainRpc } from './rpc/chain-rpc.js';
export { createFallbackTransport, type FallbackTransportOptions } from './rpc/fallback-transport.js';
export { createInProcessTransport } from './rpc/in-process-transport.js';
export {
  buildPaymentTransaction,
  type BuildPaymentTransactionInput,
  type PaymentTransactionMessage,
} from './payment/build-payment-transaction.js';
export { fetchPaymentTransaction, findPaymentByReference, type ReferenceSignature } from './payment/find-payment.js';
export type {
  ExpectedPayment,
  FetchedTransaction,
  PaymentInstructions,
  VerifiedPayment,
} from './payment/payment-types.js';
export { PaymentVerificationError, type PaymentVerificationCode } from './payment/payment-verification-error.js';
export { verifyPayment } from './payment/verify-payment.js';
