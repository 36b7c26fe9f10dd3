import {
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SolanaError,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { isChainRefusal, isWalletRejection } from './wallet-chain';

describe('isChainRefusal', () => {
  it('is true for a transaction the RPC refused in preflight (docs/product-spec.md#wallet-and-chain-errors "Transaction Failed")', () => {
    const refused = new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE, {
      accounts: null,
      logs: [],
      returnData: null,
      unitsConsumed: 0n,
    } as never);
    expect(isChainRefusal(refused)).toBe(true);
  });

  it('is false for other failures', () => {
    const badSignature = new SolanaError(
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    );
    expect(isChainRefusal(badSignature)).toBe(false);
    expect(isChainRefusal(new Error('Failed to fetch'))).toBe(false);
    expect(isChainRefusal(undefined)).toBe(false);
  });
});

describe('isWalletRejection', () => {
  it('knows the ways wallets say the user pressed Reject', () => {
    expect(isWalletRejection({ code: 4001 })).toBe(true);
    expect(isWalletRejection(new Error('User rejected the request.'))).toBe(true);
    expect(isWalletRejection(new Error('Failed to fetch'))).toBe(false);
  });
});
