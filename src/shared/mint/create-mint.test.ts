import { ed25519 } from '@noble/curves/ed25519.js';
import { getMintToInstruction } from '@solana-program/token';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  createAddressWithSeed,
  generateKeyPairSigner,
  getAddressDecoder,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, startLocalChain, waitUntil, type LocalChain } from '@tests/helpers/local-chain';
import { createAssociatedTokenAccount, sendInstructions } from '@tests/helpers/local-chain-tokens';
import { LAMPORTS_PER_SOL } from '../money';
import { SEED_ALPHABET } from '../seed-address/seed-address';
import {
  asPartialSigner,
  createRawScalarSigner,
  freshNoncePrefix,
  newBaseKey,
  randomScalar,
  tweakedPoint,
  tweakedScalar,
} from '../split-key';
import {
  createMintInstructions,
  MINT_ACCOUNT_SIZE,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  type CreateMintParams,
  type MintAccountSpec,
} from './create-mint';

/**
 * Order lanes' mints on the real local chain (LiteSVM runs both token programs): the browser's mint builder creates
 * a mint at a split-key address (co-signed with a' = a + t) and at a seed-derived one (signed by the wallet as
 * base), and the mint then works as any other: an associated token account, mintTo, and the RPC reads that show it.
 */
let chain: LocalChain;
let wallet: KeyPairSigner;
let rent: bigint;

beforeAll(async () => {
  chain = await startLocalChain({ slotMs: 100 });
  wallet = await fundedSigner(chain.rpc, 10n * LAMPORTS_PER_SOL);
  await waitUntil(async () => (await chain.rpc.getBalance(wallet.address).send()).value > 0n);
  rent = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(MINT_ACCOUNT_SIZE)).send();
});
afterAll(() => chain.stop());

/** What the browser holds after the shop returned t for its P = a·G: a signer for a + t at P + t·G. */
function splitKeyAccount(): MintAccountSpec {
  const { scalar, basePoint } = newBaseKey();
  const t = randomScalar();
  const vanity = getAddressDecoder().decode(tweakedPoint(ed25519.Point.fromBytes(basePoint), t).toBytes());
  const account = asPartialSigner(createRawScalarSigner(tweakedScalar(scalar, t), freshNoncePrefix()));
  expect(account.address).toBe(vanity);
  return { lane: 'split-key', account };
}

const randomSeed = () =>
  Array.from({ length: 12 }, () => SEED_ALPHABET[Math.floor(Math.random() * SEED_ALPHABET.length)]).join('');

type SeedDerived = Extract<MintAccountSpec, { lane: 'seed-derived' }>;

async function seedDerivedAccount(base: KeyPairSigner, tokenProgram: Address): Promise<SeedDerived> {
  const seed = randomSeed();
  const address = await createAddressWithSeed({ baseAddress: base.address, programAddress: tokenProgram, seed });
  return { lane: 'seed-derived', address, base, seed };
}

const mintAddressOf = (spec: MintAccountSpec) => (spec.lane === 'split-key' ? spec.account.address : spec.address);

const params = (account: MintAccountSpec, tokenProgram: Address, overrides: Partial<CreateMintParams> = {}) => ({
  account,
  payer: wallet,
  mintAuthority: wallet.address,
  decimals: 6,
  tokenProgram,
  rentLamports: rent,
  ...overrides,
});

/** The mint as a wallet reads it: owned by the token program, with the authority and decimals asked for. */
async function expectMint(mint: Address, tokenProgram: Address, decimals: number) {
  const { value } = await chain.rpc.getAccountInfo(mint, { encoding: 'jsonParsed', commitment: 'confirmed' }).send();
  expect(value?.owner).toBe(tokenProgram);
  expect(value?.lamports).toBe(rent);
  expect(value?.data).toMatchObject({
    parsed: {
      type: 'mint',
      info: { mintAuthority: wallet.address, decimals, supply: '0', isInitialized: true, freezeAuthority: null },
    },
  });
}

/** The wallet's associated token account gets tokens; the RPC's token reads and the mintTo's meta show them. */
async function expectMintable(mint: Address, tokenProgram: Address, decimals: number) {
  const testMint = { address: mint, programId: tokenProgram, decimals, authority: wallet };
  const ata = await createAssociatedTokenAccount(chain.rpc, wallet, testMint, wallet.address);
  const amount = 1_500_000n;
  const signature = await sendInstructions(chain.rpc, wallet, [
    getMintToInstruction({ mint, token: ata, mintAuthority: wallet, amount }, { programAddress: tokenProgram }),
  ]);

  const owned = await chain.rpc.getTokenAccountsByOwner(wallet.address, { mint }, { encoding: 'jsonParsed' }).send();
  expect(owned.value.map((entry) => entry.pubkey)).toEqual([ata]);
  expect(owned.value[0]!.account.data.parsed.info.tokenAmount.amount).toBe(amount.toString());
  const largest = await chain.rpc.getTokenLargestAccounts(mint).send();
  expect(largest.value.map(({ address, amount }) => ({ address, amount }))).toEqual([
    { address: ata, amount: amount.toString() },
  ]);

  const tx = await chain.rpc
    .getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' })
    .send();
  const accountIndex = tx!.transaction.message.accountKeys.indexOf(ata);
  const entry = (raw: string, uiAmount: number | null) => ({
    accountIndex,
    mint,
    owner: wallet.address,
    programId: tokenProgram,
    uiTokenAmount: { amount: raw, decimals, uiAmount, uiAmountString: String(uiAmount ?? 0) },
  });
  expect(tx!.meta!.preTokenBalances).toEqual([entry('0', null)]);
  expect(tx!.meta!.postTokenBalances).toEqual([entry(amount.toString(), Number(amount) / 10 ** decimals)]);
}

describe.each([
  ['SPL Token', TOKEN_PROGRAM_ADDRESS],
  ['Token-2022', TOKEN_2022_PROGRAM_ADDRESS],
])('createMintInstructions with %s', (_name, tokenProgram: Address) => {
  it('creates the mint at a split-key address, co-signed with a + t beside the wallet', async () => {
    const account = splitKeyAccount();
    await sendInstructions(chain.rpc, wallet, createMintInstructions(params(account, tokenProgram)));
    await expectMint(mintAddressOf(account), tokenProgram, 6);
    await expectMintable(mintAddressOf(account), tokenProgram, 6);
  });

  it('creates the mint at a seed-derived address with the wallet as base', async () => {
    const account = await seedDerivedAccount(wallet, tokenProgram);
    const instructions = createMintInstructions(params(account, tokenProgram, { decimals: 2 }));
    expect(instructions[0]!.accounts).toHaveLength(2); // the wallet pays and signs as base in one
    await sendInstructions(chain.rpc, wallet, instructions);
    await expectMint(mintAddressOf(account), tokenProgram, 2);
    await expectMintable(mintAddressOf(account), tokenProgram, 2);
  });
});

describe('createMintInstructions', () => {
  it('has a base other than the payer sign as a third account', async () => {
    const base = await generateKeyPairSigner();
    const account = await seedDerivedAccount(base, TOKEN_PROGRAM_ADDRESS);
    const instructions = createMintInstructions(params(account, TOKEN_PROGRAM_ADDRESS));
    expect(instructions[0]!.accounts).toHaveLength(3);
    await sendInstructions(chain.rpc, wallet, instructions);
    await expectMint(mintAddressOf(account), TOKEN_PROGRAM_ADDRESS, 6);
  });

  it('refuses decimals outside 0..9 and programs other than the two token programs', () => {
    const account = splitKeyAccount();
    for (const decimals of [10, -1, 2.5, Number.NaN]) {
      expect(() => createMintInstructions(params(account, TOKEN_PROGRAM_ADDRESS, { decimals }))).toThrow(/decimals/);
    }
    expect(createMintInstructions(params(account, TOKEN_PROGRAM_ADDRESS, { decimals: 0 }))).toHaveLength(2);
    expect(() => createMintInstructions(params(account, SYSTEM_PROGRAM_ADDRESS))).toThrow(/tokenProgram/);
  });

  it('refuses a seed-derived address that its base, seed and token program do not give', async () => {
    const account = await seedDerivedAccount(wallet, TOKEN_PROGRAM_ADDRESS);
    const otherSeed = { ...account, seed: `${account.seed}x` };
    expect(() => createMintInstructions(params(otherSeed, TOKEN_PROGRAM_ADDRESS))).toThrow(/seed-derived address/);
    // The owner is hashed in: an address ground for SPL Token is not one under Token-2022.
    expect(() => createMintInstructions(params(account, TOKEN_2022_PROGRAM_ADDRESS))).toThrow(/seed-derived address/);
    expect(createMintInstructions(params(account, TOKEN_PROGRAM_ADDRESS))).toHaveLength(2);
  });
});
