import { getMintToInstruction, getTransferInstruction } from '@solana-program/token';
import { Connection, PublicKey } from '@solana/web3.js';
import { generateKeyPairSigner, getAddressEncoder, type Address } from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadChainState } from './state-file';
import { rawRpc, startLocalChain, waitUntil, withTempDir } from '@tests/helpers/local-chain';
import {
  createTestMint,
  createTestTokenAccount,
  sendInstructions,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type TestMint,
} from '@tests/helpers/local-chain-tokens';
import { tokenAccountOfFreshMint, useTokenChain } from '@tests/helpers/token-chain';

/**
 * The local chain reports token movements as a real node does, in getTransaction's
 * pre/postTokenBalances (every encoding, kept across restarts) and in getTokenLargestAccounts, read with raw
 * JSON-RPC for the exact wire shape and with @solana/kit and web3.js 1.x, whose superstruct checks reject an answer
 * of the wrong shape.
 */
const fixture = useTokenChain();

const CONFIRMED = { commitment: 'confirmed', maxSupportedTransactionVersion: 0 } as const;

async function transaction(url: string, signature: string, encoding = 'json') {
  await waitUntil(async () => (await rawRpc(url, 'getTransaction', [signature, { ...CONFIRMED, encoding }])).result);
  return (await rawRpc(url, 'getTransaction', [signature, { ...CONFIRMED, encoding }])).result;
}

/** The one transaction that touched a fresh account: the one that created it. */
async function creatingSignature(url: string, account: Address): Promise<string> {
  const [entry] = (await rawRpc(url, 'getSignaturesForAddress', [account, { commitment: 'confirmed' }])).result;
  return entry.signature;
}

/** An entry as Agave's UiTransactionTokenBalance writes it, for a mint of 2 decimals. */
function balance(keys: string[], mint: TestMint, account: Address, holder: Address, amount: bigint) {
  const text = (Number(amount) / 100).toString();
  return {
    accountIndex: keys.indexOf(account),
    mint: mint.address,
    uiTokenAmount: {
      amount: amount.toString(),
      decimals: 2,
      uiAmount: amount === 0n ? null : Number(text),
      uiAmountString: text,
    },
    owner: holder,
    programId: mint.programId,
  };
}

describe.each([
  ['SPL Token', TOKEN_PROGRAM_ADDRESS],
  ['Token-2022', TOKEN_2022_PROGRAM_ADDRESS],
])('token balances of %s transactions', (_name, programId: Address) => {
  let mint: TestMint;
  beforeAll(async () => {
    mint = await createTestMint(fixture.chain.rpc, fixture.payer, { decimals: 2, programId });
  });

  it('has only a post balance for an account the transaction created, and both around a transfer', async () => {
    const source = await createTestTokenAccount(fixture.chain.rpc, fixture.payer, mint, {
      owner: fixture.owner,
      amount: 10_000n,
    });
    const created = await transaction(fixture.chain.url, await creatingSignature(fixture.chain.url, source));
    const createdKeys = created.transaction.message.accountKeys;
    expect(created.meta.preTokenBalances).toEqual([]);
    expect(created.meta.postTokenBalances).toEqual([
      balance(createdKeys, mint, source, fixture.owner.address, 10_000n),
    ]);

    const destination = await createTestTokenAccount(fixture.chain.rpc, fixture.payer, mint, { owner: fixture.payer });
    const signature = await sendInstructions(fixture.chain.rpc, fixture.payer, [
      getTransferInstruction(
        { source, destination, authority: fixture.owner, amount: 1_234n },
        { programAddress: programId },
      ),
    ]);
    const moved = await transaction(fixture.chain.url, signature);
    const keys = moved.transaction.message.accountKeys;
    // In account-key order, as a node lists them; a zero balance's uiAmount is null, as a node reads it back.
    const inKeyOrder = (entries: ReturnType<typeof balance>[]) =>
      entries.sort((a, b) => a.accountIndex - b.accountIndex);
    expect(moved.meta.preTokenBalances).toEqual(
      inKeyOrder([
        balance(keys, mint, source, fixture.owner.address, 10_000n),
        balance(keys, mint, destination, fixture.payer.address, 0n),
      ]),
    );
    expect(moved.meta.postTokenBalances).toEqual(
      inKeyOrder([
        balance(keys, mint, source, fixture.owner.address, 8_766n),
        balance(keys, mint, destination, fixture.payer.address, 1_234n),
      ]),
    );
    for (const encoding of ['jsonParsed', 'base64', 'base58']) {
      const { meta } = await transaction(fixture.chain.url, signature, encoding);
      expect([meta.preTokenBalances, meta.postTokenBalances], encoding).toEqual([
        moved.meta.preTokenBalances,
        moved.meta.postTokenBalances,
      ]);
    }

    const connection = new Connection(fixture.chain.url, 'confirmed');
    const parsed = await connection.getParsedTransaction(signature, CONFIRMED);
    const parsedDestination = parsed?.meta?.postTokenBalances?.find((b) => b.owner === fixture.payer.address);
    expect(parsedDestination?.uiTokenAmount.uiAmountString).toBe('12.34');
    const plain = await connection.getTransaction(signature, CONFIRMED);
    expect(plain?.meta?.preTokenBalances?.map((b) => b.accountIndex)).toEqual(
      moved.meta.preTokenBalances.map((b: { accountIndex: number }) => b.accountIndex),
    );
  });

  it('ranks the mint’s token accounts by amount in getTokenLargestAccounts', async () => {
    const ranked = await createTestMint(fixture.chain.rpc, fixture.payer, { decimals: 2, programId });
    const amounts = [5n, 500n, 0n, 500n];
    const accounts = [];
    for (const amount of amounts) {
      accounts.push({
        address: await createTestTokenAccount(fixture.chain.rpc, fixture.payer, ranked, {
          owner: fixture.owner,
          amount,
        }),
        amount,
      });
    }
    await createTestTokenAccount(fixture.chain.rpc, fixture.payer, mint, { owner: fixture.owner, amount: 9_999n }); // another mint's
    // Largest first; equal amounts in descending address bytes, the order Agave's max-heap gives them.
    const bytes = (a: Address) => Buffer.from(getAddressEncoder().encode(a));
    accounts.sort((a, b) =>
      a.amount !== b.amount ? Number(b.amount - a.amount) : Buffer.compare(bytes(b.address), bytes(a.address)),
    );

    const answer = await rawRpc(fixture.chain.url, 'getTokenLargestAccounts', [
      ranked.address,
      { commitment: 'confirmed' },
    ]);
    expect(answer.result.context.slot).toEqual(expect.any(Number));
    expect(answer.result.value).toEqual(
      accounts.map(({ address, amount }) => {
        const text = (Number(amount) / 100).toString();
        return { address, amount: amount.toString(), decimals: 2, uiAmount: Number(text), uiAmountString: text };
      }),
    );

    const { value } = await fixture.chain.rpc
      .getTokenLargestAccounts(ranked.address, { commitment: 'confirmed' })
      .send();
    expect(value.map((entry) => entry.address)).toEqual(accounts.map((a) => a.address));
    const largest = await new Connection(fixture.chain.url, 'confirmed').getTokenLargestAccounts(
      new PublicKey(ranked.address),
    );
    expect(largest.value.map((entry) => entry.address.toBase58())).toEqual(accounts.map((a) => a.address));
  });
});

describe('token balances outside token transactions', () => {
  it('are empty arrays for a transaction without a token program', async () => {
    const airdrop = await rawRpc(fixture.chain.url, 'getSignaturesForAddress', [
      fixture.payer.address,
      { commitment: 'confirmed' },
    ]);
    const { meta } = await transaction(fixture.chain.url, airdrop.result.at(-1).signature);
    expect([meta.preTokenBalances, meta.postTokenBalances]).toEqual([[], []]);
  });
});

describe('getTokenLargestAccounts', () => {
  it('answers the 20 largest of more', async () => {
    const mint = await createTestMint(fixture.chain.rpc, fixture.payer, { decimals: 0 });
    for (let amount = 1n; amount <= 21n; amount++)
      await createTestTokenAccount(fixture.chain.rpc, fixture.payer, mint, { owner: fixture.owner, amount });
    const { value } = await fixture.chain.rpc.getTokenLargestAccounts(mint.address).send();
    expect(value.map((entry) => entry.amount)).toEqual(Array.from({ length: 20 }, (_, i) => String(21 - i)));
  });

  it('refuses what is not a mint with the RPC’s invalid-params errors', async () => {
    const mint = await createTestMint(fixture.chain.rpc, fixture.payer);
    const tokenAccount = await createTestTokenAccount(fixture.chain.rpc, fixture.payer, mint, { owner: fixture.owner });
    const nobody = (await generateKeyPairSigner()).address;
    const errorOf = async (address: Address) =>
      (await rawRpc(fixture.chain.url, 'getTokenLargestAccounts', [address])).error;
    expect(await errorOf(nobody)).toEqual({ code: -32602, message: 'Invalid param: could not find mint' });
    const unpackable = { code: -32602, message: 'Invalid param: Token mint could not be unpacked' };
    expect(await errorOf(fixture.payer.address)).toEqual(unpackable);
    expect(await errorOf(tokenAccount)).toEqual(unpackable);
    await expect(fixture.chain.rpc.getTokenLargestAccounts(tokenAccount).send()).rejects.toThrow(
      /could not be unpacked/,
    );
  });
});

describe('token balances on a persisted chain', () => {
  it('are kept in the journal and the snapshot', () =>
    withTempDir(async (stateDir) => {
      const first = await startLocalChain({ stateDir, slotMs: 100 });
      let signature: string;
      let live: { preTokenBalances: unknown[]; postTokenBalances: unknown[] };
      try {
        const { mint, account } = await tokenAccountOfFreshMint(first.rpc, fixture.owner, 0n);
        signature = await sendInstructions(first.rpc, mint.authority, [
          getMintToInstruction(
            { mint: mint.address, token: account, mintAuthority: mint.authority, amount: 7n },
            { programAddress: mint.programId },
          ),
        ]);
        live = (await transaction(first.url, signature)).meta;
        expect(live.postTokenBalances).toHaveLength(1);
        // Read while the chain runs: the record comes from the journal, not yet folded into the snapshot.
        const journaled = (await loadChainState(stateDir))!.transactions.find((r) => r.signature === signature);
        expect([journaled?.preTokenBalances, journaled?.postTokenBalances]).toEqual([
          live.preTokenBalances,
          live.postTokenBalances,
        ]);
      } finally {
        await first.stop();
      }
      const second = await startLocalChain({ stateDir, slotMs: 100 });
      try {
        const { meta } = await transaction(second.url, signature);
        expect([meta.preTokenBalances, meta.postTokenBalances]).toEqual([
          live.preTokenBalances,
          live.postTokenBalances,
        ]);
      } finally {
        await second.stop();
      }
    }));
});
