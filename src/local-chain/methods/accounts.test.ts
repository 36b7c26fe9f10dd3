import { randomBytes } from 'node:crypto';
import { getBase58Decoder, lamports, type Address } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import type { ValidatorCore } from '../core';
import { RpcError } from '../rpc-error';
import { EncodeBudget } from '../encode-budget';
import { accountAt, accountMethods } from './accounts';

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

describe('account reads from the persisted state answer what LiteSVM would', () => {
  it('every encoding and slice, without copying the data out of LiteSVM', () => {
    const svm = new LiteSVM();
    const address = newAddress();
    const data = Uint8Array.from(randomBytes(200_001));
    svm.setAccount({
      address,
      lamports: lamports(9_000_000_000n),
      data,
      programAddress: MEMO,
      executable: false,
      space: 200_001n,
    });
    const stored = {
      lamports: '9000000000',
      owner: MEMO,
      executable: false,
      data: Buffer.from(data).toString('base64'),
    };
    const clock = { currentSlot: () => 7 };
    const fromStore = accountMethods({ svm, clock, accounts: new Map([[address, stored]]) } as never, async () => '');
    const fromSvm = accountMethods({ svm, clock, accounts: new Map() } as never, async () => '');
    const configs = [
      { encoding: 'base64' },
      { encoding: 'jsonParsed' },
      { encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
      { encoding: 'base64', dataSlice: { offset: 1, length: 100_000 } },
      { encoding: 'base64', dataSlice: { offset: 199_990, length: 50 } },
      { encoding: 'base64', dataSlice: { offset: 300_000, length: 5 } },
      { encoding: 'base58', dataSlice: { offset: 2, length: 128 } },
      { dataSlice: { offset: 65_536, length: 65_537 } },
      { encoding: 'base58' },
    ];
    for (const config of configs) {
      const answer = (methods: typeof fromStore) => {
        try {
          return JSON.stringify(methods.getAccountInfo!([address, config], { budget: new EncodeBudget() }));
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect(answer(fromStore), JSON.stringify(config)).toBe(answer(fromSvm));
    }
  });
});
