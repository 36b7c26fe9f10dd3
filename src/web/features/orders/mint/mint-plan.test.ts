import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import { findAssociatedTokenPda } from '@solana-program/token';
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import { address, createAddressWithSeed, createNoopSigner, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { completeSplitKey, newSplitKeySecret } from '../split-key-secret';
import { ed25519 } from '@noble/curves/ed25519.js';
import { encodeBase58 } from '@shared/keys/base58';
import { encodeTweak, tweakedScalar } from '@shared/split-key';
import { mintPlanInstructions } from './mint-plan';

const wallet = createNoopSigner(address('BuyerWa11et111111111111111111111111111111111'));

function splitKeySigner() {
  const secret = newSplitKeySecret();
  const mint = encodeBase58(ed25519.Point.BASE.multiply(tweakedScalar(secret.scalar, 7n)).toBytes());
  const done = completeSplitKey(secret, {
    id: 'x',
    lane: 'split-key',
    basePoint: secret.basePoint,
    tweak: encodeTweak(7n),
    address: mint,
  });
  if (!done.ok) throw new Error(done.problem);
  return done.signer;
}

describe('mintPlanInstructions', () => {
  it('creates and initialises the mint only, without a supply', async () => {
    const signer = splitKeySigner();
    const plan = await mintPlanInstructions({
      account: { lane: 'split-key', account: signer },
      wallet,
      choices: { decimals: 6, tokenProgram: TOKEN_PROGRAM_ADDRESS, initialSupply: 0n },
      rentLamports: 1_461_600n,
    });
    expect(plan.mint).toBe(signer.address);
    expect(plan.tokenAccount).toBeNull();
    expect(plan.instructions).toHaveLength(2);
  });

  it("adds the wallet's associated token account and a mint to it, under the chosen program", async () => {
    const signer = splitKeySigner();
    const plan = await mintPlanInstructions({
      account: { lane: 'split-key', account: signer },
      wallet,
      choices: { decimals: 2, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, initialSupply: 1_000n },
      rentLamports: 1_461_600n,
    });
    const [ata] = await findAssociatedTokenPda({
      owner: wallet.address,
      mint: signer.address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    expect(plan.tokenAccount).toBe(ata);
    expect(plan.instructions).toHaveLength(4);
    const mintTo = plan.instructions[3]!;
    expect(mintTo.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    expect(mintTo.accounts?.map((a) => a.address)).toEqual([signer.address, ata, wallet.address] as Address[]);
  });

  it('creates a seed-derived mint from the wallet itself, the wallet being its base', async () => {
    const mint = await createAddressWithSeed({
      baseAddress: wallet.address,
      seed: 'x1',
      programAddress: TOKEN_PROGRAM_ADDRESS,
    });
    const plan = await mintPlanInstructions({
      account: { lane: 'seed-derived', address: mint, base: wallet, seed: 'x1' },
      wallet,
      choices: { decimals: 0, tokenProgram: TOKEN_PROGRAM_ADDRESS, initialSupply: 5n },
      rentLamports: 1_461_600n,
    });
    expect(plan.mint).toBe(mint);
    expect(plan.instructions.map((i) => i.programAddress)).toEqual([
      SYSTEM_PROGRAM_ADDRESS,
      TOKEN_PROGRAM_ADDRESS,
      'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL',
      TOKEN_PROGRAM_ADDRESS,
    ]);
  });
});
