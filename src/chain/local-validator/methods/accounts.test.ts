import { randomBytes } from 'node:crypto';
import { getBase58Decoder, lamports, type Address } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import type { ValidatorCore } from '../core';
import { RpcError } from '../rpc-error';
import { accountAt } from './accounts';

const newAddress = () => getBase58Decoder().decode(randomBytes(32)) as Address;
const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

function coreWith(svm: unknown): ValidatorCore {
  return { svm } as ValidatorCore;
}

describe('accountAt: the account lookup by already-decoded bytes', () => {
  const svm = new LiteSVM();
  const wallet = newAddress();
  svm.airdrop(wallet, lamports(5_000_000n));
  const programOwned = newAddress();
  svm.setAccount({
    address: programOwned,
    lamports: lamports(2_000_000n),
    data: Uint8Array.from([1, 2, 3, 4, 5]),
    programAddress: MEMO,
    executable: false,
    space: 5n,
  });
  const missing = newAddress();

  // LiteSVM's own wrapper, which the lookup skips, and the same wrapper reached without the native handle.
  const viaWrapper = (address: Address) => {
    const account = svm.getAccount(address);
    return account.exists ? account : null;
  };
  const withoutNative = coreWith({ getAccount: (a: Address) => svm.getAccount(a) });

  it('answers what LiteSVM answers, for a wallet, a program-owned account and a missing one', () => {
    for (const address of [wallet, programOwned, missing]) {
      expect(accountAt(coreWith(svm), address)).toEqual(viaWrapper(address));
      expect(accountAt(withoutNative, address)).toEqual(viaWrapper(address));
    }
    expect(accountAt(coreWith(svm), programOwned)).toMatchObject({ programAddress: MEMO, space: 5n });
    expect(accountAt(coreWith(svm), missing)).toBeNull();
  });

  it('refuses what is not base58 of 32 bytes with the RPC invalid-params error', () => {
    const short = getBase58Decoder().decode(randomBytes(31));
    for (const bad of ['0OIl' + wallet.slice(4), short, `${wallet}2`, '']) {
      expect(() => accountAt(coreWith(svm), bad), bad).toThrow(RpcError);
      expect(() => accountAt(coreWith(svm), bad)).toThrow(`${bad} is not a valid address`);
    }
  });
});
