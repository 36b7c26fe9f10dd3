import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRpc, startLocalChain, waitUntil, withTempDir } from '@tests/helpers/local-chain';
import {
  createTestMint,
  createTestTokenAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TestMint,
} from '@tests/helpers/local-chain-tokens';
import { tokenAccountOfFreshMint, useTokenChain } from '@tests/helpers/token-chain';

const fixture = useTokenChain();
let delegate: KeyPairSigner;
let closer: KeyPairSigner;
let splMint: TestMint;
let mint2022: TestMint;
let splAccount: Address;
let account2022: Address;

const call = (method: string, params: unknown[]) => rawRpc(fixture.chain.url, method, params);

beforeAll(async () => {
  const { chain, payer, owner } = fixture;
  delegate = await generateKeyPairSigner();
  closer = await generateKeyPairSigner();
  splMint = await createTestMint(chain.rpc, payer, { decimals: 6 });
  mint2022 = await createTestMint(chain.rpc, payer, { decimals: 2, programId: TOKEN_2022_PROGRAM_ADDRESS });
  splAccount = await createTestTokenAccount(chain.rpc, payer, splMint, {
    owner,
    amount: 1_500_000n,
    delegate: delegate.address,
    delegatedAmount: 250_000n,
  });
  account2022 = await createTestTokenAccount(chain.rpc, payer, mint2022, {
    owner,
    amount: 12_345n,
    closeAuthority: closer.address,
    immutableOwner: true,
  });
});

describe('SPL Token and Token-2022 reads', () => {
  it('lists a wallet’s token accounts by program in jsonParsed, with delegate, close authority and extensions', async () => {
    const spl = await call('getTokenAccountsByOwner', [
      fixture.owner.address,
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ]);
    expect(spl.result.value).toEqual([
      {
        pubkey: splAccount,
        account: {
          data: {
            program: 'spl-token',
            parsed: {
              type: 'account',
              info: {
                mint: splMint.address,
                owner: fixture.owner.address,
                tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
                delegate: delegate.address,
                state: 'initialized',
                isNative: false,
                delegatedAmount: { amount: '250000', decimals: 6, uiAmount: 0.25, uiAmountString: '0.25' },
              },
            },
            space: 165,
          },
          executable: false,
          lamports: expect.any(Number),
          owner: TOKEN_PROGRAM_ADDRESS,
          rentEpoch: 0,
          space: 165,
        },
      },
    ]);

    const t22 = await call('getTokenAccountsByOwner', [
      fixture.owner.address,
      { programId: TOKEN_2022_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ]);
    expect(t22.result.value).toHaveLength(1);
    expect(t22.result.value[0].pubkey).toBe(account2022);
    expect(t22.result.value[0].account.data).toEqual({
      program: 'spl-token-2022',
      parsed: {
        type: 'account',
        info: {
          mint: mint2022.address,
          owner: fixture.owner.address,
          tokenAmount: { amount: '12345', decimals: 2, uiAmount: 123.45, uiAmountString: '123.45' },
          state: 'initialized',
          isNative: false,
          closeAuthority: closer.address,
          extensions: [{ extension: 'immutableOwner' }],
        },
      },
      space: 170,
    });
  });

  it('filters by mint and answers base64 with the account bytes', async () => {
    const byMint = await call('getTokenAccountsByOwner', [
      fixture.owner.address,
      { mint: mint2022.address },
      { encoding: 'base64' },
    ]);
    expect(byMint.result.value.map((a: { pubkey: string }) => a.pubkey)).toEqual([account2022]);
    const [data, encoding] = byMint.result.value[0].account.data;
    expect(encoding).toBe('base64');
    const bytes = Buffer.from(data, 'base64');
    expect(bytes).toHaveLength(170);
    expect(Buffer.from(bytes.subarray(64, 72)).readBigUInt64LE()).toBe(12_345n);

    const nobody = await generateKeyPairSigner();
    const none = await call('getTokenAccountsByOwner', [
      nobody.address,
      { mint: splMint.address },
      { encoding: 'base64' },
    ]);
    expect(none.result.value).toEqual([]);
  });

  it('finds accounts by delegate', async () => {
    const byDelegate = await call('getTokenAccountsByDelegate', [
      delegate.address,
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ]);
    expect(byDelegate.result.value.map((a: { pubkey: string }) => a.pubkey)).toEqual([splAccount]);
    const notDelegate = await call('getTokenAccountsByDelegate', [fixture.owner.address, { mint: splMint.address }]);
    expect(notDelegate.result.value).toEqual([]);
  });

  it('answers balances and supplies, and jsonParsed for getAccountInfo and getMultipleAccounts', async () => {
    expect((await call('getTokenAccountBalance', [splAccount])).result.value).toEqual({
      amount: '1500000',
      decimals: 6,
      uiAmount: 1.5,
      uiAmountString: '1.5',
    });
    expect((await call('getTokenSupply', [mint2022.address])).result.value).toEqual({
      amount: '12345',
      decimals: 2,
      uiAmount: 123.45,
      uiAmountString: '123.45',
    });
    const mintInfo = await call('getAccountInfo', [splMint.address, { encoding: 'jsonParsed' }]);
    expect(mintInfo.result.value.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          mintAuthority: fixture.payer.address,
          supply: '1500000',
          decimals: 6,
          isInitialized: true,
          freezeAuthority: null,
        },
      },
      space: 82,
    });
    const multiple = await call('getMultipleAccounts', [
      [splAccount, fixture.owner.address, fixture.payer.address],
      { encoding: 'jsonParsed' },
    ]);
    const [token, missing, wallet] = multiple.result.value;
    expect(token.data.parsed.info.delegate).toBe(delegate.address);
    expect(missing).toBeNull();
    // A wallet is not parseable: base64, as a real node falls back to.
    expect(wallet.data).toEqual(['', 'base64']);
  });

  it('refuses bad filters and non-token accounts with the RPC’s invalid-params errors', async () => {
    const notToken = await call('getTokenAccountsByOwner', [
      fixture.owner.address,
      { programId: fixture.payer.address },
    ]);
    expect(notToken.error).toEqual({ code: -32602, message: 'Invalid param: unrecognized Token program id' });
    const noMint = await call('getTokenAccountsByOwner', [fixture.owner.address, { mint: fixture.payer.address }]);
    expect(noMint.error).toEqual({ code: -32602, message: 'Invalid param: could not find mint' });
    const both = await call('getTokenAccountsByOwner', [
      fixture.owner.address,
      { mint: splMint.address, programId: TOKEN_PROGRAM_ADDRESS },
    ]);
    expect(both.error?.code).toBe(-32602);
    expect((await call('getTokenAccountBalance', [fixture.payer.address])).error?.message).toBe(
      'Invalid param: not a Token account',
    );
    expect((await call('getTokenSupply', [splAccount])).error?.message).toBe('Invalid param: not a Token mint');
  });

  it('lists the token transactions of an account newest first in getSignaturesForAddress', async () => {
    await waitUntil(async () => (await call('getSignaturesForAddress', [splAccount])).result.length === 1);
    const [entry] = (await call('getSignaturesForAddress', [splAccount])).result;
    expect(entry).toEqual({
      signature: expect.any(String),
      slot: expect.any(Number),
      err: null,
      memo: null,
      blockTime: expect.any(Number),
      confirmationStatus: 'finalized',
    });
  });

  it('keeps token accounts and their parsed form across a restart of a persisted chain', async () => {
    await withTempDir(async (stateDir) => {
      const first = await startLocalChain({ stateDir, slotMs: 100 });
      const { mint, account: tokenAccount } = await tokenAccountOfFreshMint(first.rpc, fixture.owner, 7n);
      await first.stop();
      const second = await startLocalChain({ stateDir, slotMs: 100 });
      try {
        const { value } = await second.rpc
          .getTokenAccountsByOwner(fixture.owner.address, { mint: mint.address }, { encoding: 'jsonParsed' })
          .send();
        expect(value.map((a) => a.pubkey)).toEqual([tokenAccount]);
        expect(value[0]!.account.data.parsed.info.tokenAmount.amount).toBe('7');
      } finally {
        await second.stop();
      }
    });
  });
});
