import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  getApproveInstruction,
  getInitializeAccount3Instruction,
  getInitializeImmutableOwnerInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE } from '@chain/local-validator/token/token-state';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@chain/local-validator/token/token-programs';
import { latestLifetime, sendSigned, signMessage, type TestRpc } from './local-chain';

// Test support (node-only): real SPL Token / Token-2022 mints and token accounts, made by sending the programs'
// own instructions to the local chain (the base instructions are the same in both programs).

export { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS };
/** Token-2022's ImmutableOwner extension adds a 4-byte TLV header and the account-type byte. */
const IMMUTABLE_OWNER_ACCOUNT_SIZE = TOKEN_ACCOUNT_SIZE + 1 + 4;

export async function sendInstructions(
  rpc: TestRpc,
  payer: KeyPairSigner,
  instructions: Instruction[],
): Promise<Signature> {
  const lifetime = await latestLifetime(rpc);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return sendSigned(rpc, await signMessage(message));
}

async function newAccountInstruction(
  rpc: TestRpc,
  payer: KeyPairSigner,
  account: KeyPairSigner,
  space: number,
  program: Address,
) {
  const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(space)).send();
  return getCreateAccountInstruction({ payer, newAccount: account, lamports: rent, space, programAddress: program });
}

export interface TestMint {
  address: Address;
  programId: Address;
  decimals: number;
  authority: KeyPairSigner;
}

/** A new mint whose mint authority is `payer`. */
export async function createTestMint(
  rpc: TestRpc,
  payer: KeyPairSigner,
  options: { decimals?: number; programId?: Address } = {},
): Promise<TestMint> {
  const { decimals = 6, programId = TOKEN_PROGRAM_ADDRESS } = options;
  const mint = await generateKeyPairSigner();
  await sendInstructions(rpc, payer, [
    await newAccountInstruction(rpc, payer, mint, MINT_SIZE, programId),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: payer.address },
      { programAddress: programId },
    ),
  ]);
  return { address: mint.address, programId, decimals, authority: payer };
}

export interface TestTokenAccountOptions {
  owner: KeyPairSigner;
  amount?: bigint;
  /** Approve this delegate for `delegatedAmount` (default: the whole amount). */
  delegate?: Address;
  delegatedAmount?: bigint;
  /** Set a close authority other than the owner. */
  closeAuthority?: Address;
  /** Token-2022 only: add the ImmutableOwner extension (what associated token accounts have). */
  immutableOwner?: boolean;
}

/**
 * A new (non-associated) token account for `mint`, funded and configured in one transaction signed by the
 * payer, the new account and the owner. Returns the token account's address.
 */
export async function createTestTokenAccount(
  rpc: TestRpc,
  payer: KeyPairSigner,
  mint: TestMint,
  options: TestTokenAccountOptions,
): Promise<Address> {
  const { owner, amount = 0n, delegate, delegatedAmount = amount, closeAuthority, immutableOwner = false } = options;
  const programAddress = mint.programId;
  const account = await generateKeyPairSigner();
  const space = immutableOwner ? IMMUTABLE_OWNER_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE;
  const instructions: Instruction[] = [await newAccountInstruction(rpc, payer, account, space, programAddress)];
  if (immutableOwner)
    instructions.push(getInitializeImmutableOwnerInstruction({ account: account.address }, { programAddress }));
  instructions.push(
    getInitializeAccount3Instruction(
      { account: account.address, mint: mint.address, owner: owner.address },
      { programAddress },
    ),
  );
  if (amount > 0n) {
    instructions.push(
      getMintToInstruction(
        { mint: mint.address, token: account.address, mintAuthority: mint.authority, amount },
        { programAddress },
      ),
    );
  }
  if (delegate) {
    instructions.push(
      getApproveInstruction({ source: account.address, delegate, owner, amount: delegatedAmount }, { programAddress }),
    );
  }
  if (closeAuthority) {
    instructions.push(
      getSetAuthorityInstruction(
        { owned: account.address, owner, authorityType: AuthorityType.CloseAccount, newAuthority: closeAuthority },
        { programAddress },
      ),
    );
  }
  await sendInstructions(rpc, payer, instructions);
  return account.address;
}
