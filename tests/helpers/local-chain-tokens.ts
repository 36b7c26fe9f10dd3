import { getCreateAccountInstruction } from '@solana-program/system';
import {
  AuthorityType,
  findAssociatedTokenPda,
  getApproveInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getFreezeAccountInstruction,
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
  getAddressEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  AccountRole,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit';
import { MINT_SIZE, TOKEN_ACCOUNT_SIZE } from '@local-chain/token/token-state';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@local-chain/token/token-programs';
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

/** Token-2022 extension types and instructions the kit client does not generate (spl-token-2022 `extension/mod.rs`). */
const EXTENSION_MINT_CLOSE_AUTHORITY = 3;
const EXTENSION_PERMANENT_DELEGATE = 12;
const INITIALIZE_MINT_CLOSE_AUTHORITY = 25;
const INITIALIZE_PERMANENT_DELEGATE = 35;
/** A Token-2022 mint with one 32-byte authority extension: base padded to 165, account type, TLV header, key. */
const MINT_WITH_ONE_EXTENSION_SIZE = TOKEN_ACCOUNT_SIZE + 1 + 4 + 32;

function mintExtensionInstruction(mint: Address, extension: number, authority: Address): Instruction {
  const data =
    extension === EXTENSION_MINT_CLOSE_AUTHORITY
      ? // InitializeMintCloseAuthority { COption<Pubkey> }: a one-byte tag, then the key.
        new Uint8Array([INITIALIZE_MINT_CLOSE_AUTHORITY, 1, ...getAddressEncoder().encode(authority)])
      : new Uint8Array([INITIALIZE_PERMANENT_DELEGATE, ...getAddressEncoder().encode(authority)]);
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data,
  };
}

/**
 * A new mint whose mint authority is `payer`; optionally with a freeze authority, and (Token-2022) a mint close
 * authority or a permanent delegate.
 */
export async function createTestMint(
  rpc: TestRpc,
  payer: KeyPairSigner,
  options: {
    decimals?: number;
    programId?: Address;
    freezeAuthority?: Address;
    mintCloseAuthority?: Address;
    permanentDelegate?: Address;
  } = {},
): Promise<TestMint> {
  const { decimals = 6, programId = TOKEN_PROGRAM_ADDRESS, freezeAuthority } = options;
  const extension = options.mintCloseAuthority
    ? ([EXTENSION_MINT_CLOSE_AUTHORITY, options.mintCloseAuthority] as const)
    : options.permanentDelegate
      ? ([EXTENSION_PERMANENT_DELEGATE, options.permanentDelegate] as const)
      : null;
  const mint = await generateKeyPairSigner();
  await sendInstructions(rpc, payer, [
    await newAccountInstruction(rpc, payer, mint, extension ? MINT_WITH_ONE_EXTENSION_SIZE : MINT_SIZE, programId),
    ...(extension ? [mintExtensionInstruction(mint.address, extension[0], extension[1])] : []),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: payer.address, freezeAuthority: freezeAuthority ?? null },
      { programAddress: programId },
    ),
  ]);
  return { address: mint.address, programId, decimals, authority: payer };
}

/** The associated token account of `owner` for `mint`, created by `payer` (anyone may: the owner does not sign). */
export async function createAssociatedTokenAccount(
  rpc: TestRpc,
  payer: KeyPairSigner,
  mint: TestMint,
  owner: Address,
): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: mint.programId });
  await sendInstructions(rpc, payer, [
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer,
      owner,
      mint: mint.address,
      tokenProgram: mint.programId,
    }),
  ]);
  return ata;
}

/** Freezes `account` with the mint's freeze authority. */
export async function freezeTokenAccount(
  rpc: TestRpc,
  payer: KeyPairSigner,
  mint: TestMint,
  account: Address,
  freezeAuthority: KeyPairSigner,
): Promise<void> {
  await sendInstructions(rpc, payer, [
    getFreezeAccountInstruction(
      { account, mint: mint.address, owner: freezeAuthority },
      { programAddress: mint.programId },
    ),
  ]);
}

/** SPL Token's SetAuthority(AccountOwner): the owner hands the token account to `newOwner`. */
export async function reassignTokenAccount(
  rpc: TestRpc,
  payer: KeyPairSigner,
  mint: TestMint,
  account: Address,
  owner: KeyPairSigner,
  newOwner: Address,
): Promise<void> {
  await sendInstructions(rpc, payer, [
    getSetAuthorityInstruction(
      { owned: account, owner, authorityType: AuthorityType.AccountOwner, newAuthority: newOwner },
      { programAddress: mint.programId },
    ),
  ]);
}

/** Closes a Token-2022 mint (supply 0) with its mint close authority. */
export async function closeTestMint(
  rpc: TestRpc,
  payer: KeyPairSigner,
  mint: TestMint,
  closeAuthority: KeyPairSigner,
): Promise<void> {
  await sendInstructions(rpc, payer, [
    getCloseAccountInstruction(
      { account: mint.address, destination: payer.address, owner: closeAuthority },
      { programAddress: mint.programId },
    ),
  ]);
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
