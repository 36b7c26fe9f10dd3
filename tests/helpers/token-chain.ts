import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll } from 'vitest';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { fundedSigner, startLocalChain, type LocalChain, type TestRpc } from './local-chain';
import {
  createTestMint,
  createTestTokenAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  type TestMint,
} from './local-chain-tokens';

/** The local chain the token tests of one file share, with who pays for their mints and who owns their accounts. */
export interface TokenChain {
  readonly chain: LocalChain;
  /** Funded with 10 SOL: the fee payer and mint authority of the file's mints and accounts. */
  readonly payer: KeyPairSigner;
  /** Holds no SOL: token accounts' owner, which never pays a fee. */
  readonly owner: KeyPairSigner;
}

/**
 * Registers a beforeAll that starts the chain and an afterAll that stops it, in the calling file; the fields are
 * readable once that beforeAll has run, so the file's own beforeAll (registered after this call) may use them.
 */
export function useTokenChain(): TokenChain {
  let fixture: TokenChain | undefined;
  beforeAll(async () => {
    const chain = await startLocalChain({ slotMs: 100 });
    fixture = {
      chain,
      payer: await fundedSigner(chain.rpc, 10n * LAMPORTS_PER_SOL),
      owner: await generateKeyPairSigner(),
    };
  });
  afterAll(() => fixture?.chain.stop());
  const started = () => {
    if (!fixture) throw new Error('the token chain starts in beforeAll: read it inside a test or a hook');
    return fixture;
  };
  return {
    get chain() {
      return started().chain;
    },
    get payer() {
      return started().payer;
    },
    get owner() {
      return started().owner;
    },
  };
}

/**
 * `owner`'s account holding `amount` of a fresh Token-2022 mint, on any chain (a persisted one a test restarts): a
 * freshly funded payer pays for both and is the mint's authority (`mint.authority`).
 */
export async function tokenAccountOfFreshMint(
  rpc: TestRpc,
  owner: KeyPairSigner,
  amount: bigint,
): Promise<{ mint: TestMint; account: Address }> {
  const payer = await fundedSigner(rpc, LAMPORTS_PER_SOL);
  const mint = await createTestMint(rpc, payer, { programId: TOKEN_2022_PROGRAM_ADDRESS });
  return { mint, account: await createTestTokenAccount(rpc, payer, mint, { owner, amount }) };
}
