// The error codes (error-codes.ts, the one registry) and the error body's schema (error-schema.ts), imported from here.
// They live apart so that a page that branches on a code takes the constants without Zod.
export { ErrorCode, PaymentCheckCode, isErrorCode } from './error-codes';
export { apiErrorSchema, errorCodeSchema, tolerantApiErrorSchema, type ApiError } from './error-schema';
