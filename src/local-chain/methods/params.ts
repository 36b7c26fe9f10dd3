import { z } from 'zod';
import type { Commitment, ValidatorCore } from '../core';
import type { EncodeBudget } from '../encode-budget';
import { invalidParams, RpcError, RpcErrorCode } from '../rpc-error';

export const commitmentSchema = z.enum(['processed', 'confirmed', 'finalized']).optional();
export const commitmentConfig = z.object({ commitment: commitmentSchema, minContextSlot: z.number().optional() });
export const addressSchema = z.string().min(32).max(44);
export const signatureSchema = z.string().min(64).max(88);

/** Validates a method's positional params (absent params count as `[]`). */
export function parseParams<T>(schema: z.ZodType<T>, params: unknown): T {
  const result = schema.safeParse(params ?? []);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidParams(issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'malformed params');
}

/** getTransaction and getSignaturesForAddress refuse `processed`, as Solana's RPC does. */
export function atLeastConfirmed(commitment: Commitment | undefined): Commitment {
  if (commitment === 'processed') {
    throw new RpcError(RpcErrorCode.INVALID_PARAMS, 'Method does not support commitment below `confirmed`');
  }
  return commitment ?? 'finalized';
}

/** The `{ context, value }` envelope of slot-bound answers. */
export function withContext<T>(core: ValidatorCore, value: T) {
  return { context: { apiVersion: '2.2.0', slot: core.clock.currentSlot() }, value };
}

/** What one JSON-RPC request (a whole batch) shares between its calls. */
export interface CallContext {
  /** Account bytes the request may still encode (see encode-budget.ts). */
  budget: EncodeBudget;
}

export type MethodHandler = (params: unknown, call: CallContext) => unknown;
