import { getMintDecoder, getTokenDecoder, type Mint, type Token } from '@solana-program/token';
import { getBase58Decoder, isNone, type Address, type Option, type ReadonlyUint8Array } from '@solana/kit';
import { MINT_ACCOUNT_SIZE } from '@shared/mint';
import { tokenExtensions, type UiExtension } from './token-extensions';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAMS } from './token-programs';

/** Byte sizes of the base SPL Token layouts, shared by Token-2022 (which appends extensions after 165 bytes). */
export const TOKEN_ACCOUNT_SIZE = 165;
export const MINT_SIZE = MINT_ACCOUNT_SIZE;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
/** Token-2022 puts the account-type byte here on both mints (padded) and token accounts. */
const ACCOUNT_TYPE_OFFSET = 165;
/** Offsets inside a token account, for filtering without decoding every account. */
export const TOKEN_ACCOUNT_MINT_OFFSET = 0;
export const TOKEN_ACCOUNT_OWNER_OFFSET = 32;
export const TOKEN_ACCOUNT_DELEGATE_OFFSET = 72; // COption tag (u32), then the key

export type TokenKind = 'account' | 'mint';

/** What an account owned by a token program is, from its size and (Token-2022) its account-type byte. */
export function tokenKindOf(program: string, data: ReadonlyUint8Array): TokenKind | undefined {
  if (!TOKEN_PROGRAMS.has(program)) return undefined;
  if (data.length === TOKEN_ACCOUNT_SIZE) return 'account';
  if (data.length === MINT_SIZE) return 'mint';
  if (program !== TOKEN_2022_PROGRAM_ADDRESS || data.length <= ACCOUNT_TYPE_OFFSET) return undefined;
  const type = data[ACCOUNT_TYPE_OFFSET];
  return type === ACCOUNT_TYPE_ACCOUNT ? 'account' : type === ACCOUNT_TYPE_MINT ? 'mint' : undefined;
}

export function decodeTokenAccount(data: ReadonlyUint8Array): Token {
  return getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE));
}

export function decodeMint(data: ReadonlyUint8Array): Mint {
  return getMintDecoder().decode(data.subarray(0, MINT_SIZE));
}

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** Agave's `real_number_string_trimmed`: the amount with its decimal point placed, trailing zeros dropped. */
function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, -decimals);
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The RPC's UiTokenAmount (`uiAmount` is a float for display only, as on mainnet). */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const text = uiAmountString(amount, decimals);
  return { amount: amount.toString(), decimals, uiAmount: Number(text), uiAmountString: text };
}

const optionalAddress = (option: Option<Address>): string | null => (isNone(option) ? null : option.value);
const STATES = ['uninitialized', 'initialized', 'frozen'] as const;
const programName = (program: string) => (program === TOKEN_PROGRAM_ADDRESS ? 'spl-token' : 'spl-token-2022');

function withExtensions<T extends object>(info: T, extensions: UiExtension[]) {
  return extensions.length > 0 ? { ...info, extensions } : info;
}

/**
 * The `jsonParsed` form of a token account or mint, field for field as Agave's account-decoder writes it
 * (optional fields left out when unset, `mintAuthority`/`freezeAuthority` null). `decimalsOf` reads the mint,
 * which a token account's amounts need.
 */
export function parseTokenAccountData(
  program: string,
  data: ReadonlyUint8Array,
  decimalsOf: (mint: Address) => number | undefined,
) {
  const kind = tokenKindOf(program, data);
  if (!kind) return undefined;
  const extensions = tokenExtensions(program, data);
  if (kind === 'mint') {
    const mint = decodeMint(data);
    const info = withExtensions(
      {
        mintAuthority: optionalAddress(mint.mintAuthority),
        supply: mint.supply.toString(),
        decimals: mint.decimals,
        isInitialized: mint.isInitialized,
        freezeAuthority: optionalAddress(mint.freezeAuthority),
      },
      extensions,
    );
    return { program: programName(program), parsed: { type: 'mint', info }, space: data.length };
  }
  const account = decodeTokenAccount(data);
  const decimals = decimalsOf(account.mint);
  if (decimals === undefined) return undefined; // Agave too falls back to binary when the mint is missing
  const delegate = optionalAddress(account.delegate);
  const closeAuthority = optionalAddress(account.closeAuthority);
  const info = withExtensions(
    {
      mint: account.mint,
      owner: account.owner,
      tokenAmount: uiTokenAmount(account.amount, decimals),
      ...(delegate ? { delegate } : {}),
      state: STATES[account.state],
      isNative: !isNone(account.isNative),
      ...(isNone(account.isNative) ? {} : { rentExemptReserve: uiTokenAmount(account.isNative.value, decimals) }),
      ...(delegate ? { delegatedAmount: uiTokenAmount(account.delegatedAmount, decimals) } : {}),
      ...(closeAuthority ? { closeAuthority } : {}),
    },
    extensions,
  );
  return { program: programName(program), parsed: { type: 'account', info }, space: data.length };
}

/** The address a token account holds at `offset` (mint, owner), or its delegate (undefined when none is set). */
export function tokenAccountKeyAt(data: ReadonlyUint8Array, offset: number): string | undefined {
  if (offset === TOKEN_ACCOUNT_DELEGATE_OFFSET) {
    const tag = new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true);
    if (tag !== 1) return undefined;
    return getBase58Decoder().decode(data.subarray(offset + 4, offset + 36));
  }
  return getBase58Decoder().decode(data.subarray(offset, offset + 32));
}
