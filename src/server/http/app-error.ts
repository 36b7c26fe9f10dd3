import { ErrorCode } from '@shared/api/errors';

/**
 * The one error type services and routes throw. The error handler turns it into `{ error: code, message }` with
 * `statusCode`. Messages are for people and must never carry a secret (a private key, a session id).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, message: string) => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in with your wallet first.') =>
  new AppError(401, ErrorCode.SESSION_REQUIRED, message);
export const forbidden = (code: ErrorCode, message: string) => new AppError(403, code, message);
export const notFound = (code: ErrorCode, message: string) => new AppError(404, code, message);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
