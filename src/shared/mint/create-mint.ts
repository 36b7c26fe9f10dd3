import { getCreateAccountInstruction, getCreateAccountWithSeedInstruction } from '@solana-program/system';
import { getInitializeMint2Instruction } from '@solana-program/token';
import {
  getAddressDecoder,
  getAddressEncoder,
  type Address,
  type Instruction,
  type TransactionPartialSigner,
  type TransactionSigner,
} from '@solana/kit';
import { seedAddressBytes } from '../seed-address/seed-address';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAMS } from './token-programs';

export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS };

/** A mint without extensions: spl-token's `Mint::LEN`, the same in Token-2022. */
export const MINT_ACCOUNT_SIZE = 82;
/**
 * The programs take any u8, but a mint's decimals can never be changed: a slip such as 90 would make the token
 * useless for good, and no wallet shows more places than SOL's own 9.
 */
const MAX_DECIMALS = 9;

export type MintAccountSpec =
  | { lane: 'split-key'; account: TransactionPartialSigner } // signs as the new account; its address is the vanity address
  | { lane: 'seed-derived'; address: Address; base: TransactionSigner; seed: string };

export interface CreateMintParams {
  account: MintAccountSpec;
  /** The connected wallet, fee payer. */
  payer: TransactionSigner;
  mintAuthority: Address;
  freezeAuthority?: Address | null;
  /** 0..9; anything else is refused with a thrown Error. */
  decimals: number;
  /** SPL Token or Token-2022; anything else is refused. */
  tokenProgram: Address;
  /** From getMinimumBalanceForRentExemption(MINT_ACCOUNT_SIZE). */
  rentLamports: bigint;
}

/** Solana's `create_with_seed`, synchronously (kit's createAddressWithSeed is async: SubtleCrypto's SHA-256). */
function seedDerivedAddress(base: Address, seed: string, owner: Address): Address {
  const bytes = (address: Address) => Uint8Array.from(getAddressEncoder().encode(address));
  return getAddressDecoder().decode(seedAddressBytes(bytes(base), seed, bytes(owner)));
}

function createAccountInstruction(p: CreateMintParams): { instruction: Instruction; mint: Address } {
  const common = { payer: p.payer, space: MINT_ACCOUNT_SIZE, programAddress: p.tokenProgram };
  const spec = p.account;
  if (spec.lane === 'split-key') {
    const instruction = getCreateAccountInstruction({ ...common, newAccount: spec.account, lamports: p.rentLamports });
    return { instruction, mint: spec.account.address };
  }
  // The address hashes in its owner: one ground for SPL Token is another account under Token-2022. Checked here,
  // because the System program would otherwise refuse the transaction only after the wallet has signed it.
  const expected = seedDerivedAddress(spec.base.address, spec.seed, p.tokenProgram);
  if (expected !== spec.address) {
    throw new Error(
      `seed-derived address ${spec.address} is not the one of base ${spec.base.address}, seed "${spec.seed}" and ` +
        `owner ${p.tokenProgram} (${expected})`,
    );
  }
  const instruction = getCreateAccountWithSeedInstruction({
    ...common,
    newAccount: spec.address,
    // The System program counts the base as signed when it is the payer (the wallet, as a rule); another base
    // signs as a third account.
    ...(spec.base.address === p.payer.address ? {} : { baseAccount: spec.base }),
    base: spec.base.address,
    seed: spec.seed,
    amount: p.rentLamports,
  });
  return { instruction, mint: spec.address };
}

/**
 * The instructions that create a token mint at an address the shop ground (DESIGN.md §14), for the buyer's wallet
 * to sign and send: System CreateAccount co-signed by the split key's a + t, or CreateAccountWithSeed signed by the
 * base, then InitializeMint2, which needs no signature of the mint (what lets a seed-derived address, whose key
 * nobody has, be a mint). Throws on decimals outside 0..9, a program other than SPL Token or Token-2022, or a
 * seed-derived address that its base, seed and token program do not give.
 */
export function createMintInstructions(p: CreateMintParams): Instruction[] {
  if (!Number.isInteger(p.decimals) || p.decimals < 0 || p.decimals > MAX_DECIMALS) {
    throw new Error(`decimals must be a whole number from 0 to ${MAX_DECIMALS}, not ${p.decimals}`);
  }
  if (!TOKEN_PROGRAMS.has(p.tokenProgram)) {
    throw new Error(`tokenProgram must be SPL Token or Token-2022, not ${p.tokenProgram}`);
  }
  const { instruction, mint } = createAccountInstruction(p);
  // Token-2022's InitializeMint2 has SPL Token's layout (discriminator 20, decimals, both authorities), and no
  // Token-2022 client is installed: SPL Token's builder makes it, sent to the program the caller chose.
  const initialize = getInitializeMint2Instruction(
    { mint, decimals: p.decimals, mintAuthority: p.mintAuthority, freezeAuthority: p.freezeAuthority ?? null },
    { programAddress: p.tokenProgram },
  );
  return [instruction, initialize];
}
