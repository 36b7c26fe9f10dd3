import { createMintInstructions, MINT_ACCOUNT_SIZE, type MintAccountSpec } from '@shared/mint';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintToInstruction,
} from '@solana-program/token';
import type { Address, Instruction, TransactionSigner } from '@solana/kit';

export { MINT_ACCOUNT_SIZE };

export interface MintChoices {
  decimals: number;
  tokenProgram: Address;
  /** In the mint's smallest units; 0 makes no token account. */
  initialSupply: bigint;
}

export interface MintPlanInput {
  account: MintAccountSpec;
  /** The buyer's wallet: fee payer, rent payer, mint authority and the initial supply's owner. */
  wallet: TransactionSigner;
  choices: MintChoices;
  rentLamports: bigint;
}

/**
 * One transaction's instructions: create the account at the vanity address and initialise it as a mint whose
 * authority is the buyer's wallet, then, with an initial supply, create the wallet's associated token account and
 * mint to it, so the buyer holds the tokens as soon as it lands.
 */
export async function mintPlanInstructions({ account, wallet, choices, rentLamports }: MintPlanInput) {
  const mint = account.lane === 'split-key' ? account.account.address : account.address;
  const instructions: Instruction[] = createMintInstructions({
    account,
    payer: wallet,
    mintAuthority: wallet.address,
    freezeAuthority: null,
    decimals: choices.decimals,
    tokenProgram: choices.tokenProgram,
    rentLamports,
  });
  if (choices.initialSupply === 0n) return { mint, tokenAccount: null, instructions };
  const tokenProgram = choices.tokenProgram;
  const [tokenAccount] = await findAssociatedTokenPda({ owner: wallet.address, mint, tokenProgram });
  instructions.push(
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer: wallet,
      ata: tokenAccount,
      owner: wallet.address,
      mint,
      tokenProgram,
    }),
    getMintToInstruction(
      { mint, token: tokenAccount, mintAuthority: wallet, amount: choices.initialSupply },
      { programAddress: tokenProgram },
    ),
  );
  return { mint, tokenAccount, instructions };
}
