import { getTokenDecoder } from '@solana-program/token';
import { getBase58Decoder, isNone, type ReadonlyUint8Array } from '@solana/kit';

/**
 * Token accounts and mints decoded from their bytes, never from the RPC's `jsonParsed`: a node answers binary for a
 * token account whose mint it cannot read (a closed mint), and the parsed form would then hide a delegate
 *. SPL Token and Token-2022 share the base layouts; Token-2022 appends an account-type byte and
 * TLV extensions.
 */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const TOKEN_PROGRAMS = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM] as const;

const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;
/** Token-2022: the account-type byte after the (padded) base layout, then the TLV entries. */
const ACCOUNT_TYPE_OFFSET = 165;
const TLV_START = 166;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
/** spl-token-2022 ExtensionType::PermanentDelegate. */
const EXTENSION_PERMANENT_DELEGATE = 12;

export interface DecodedTokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  closeAuthority: string | null;
  frozen: boolean;
}

function kindOf(program: string, data: ReadonlyUint8Array): 'account' | 'mint' | null {
  if (program !== TOKEN_PROGRAM && program !== TOKEN_2022_PROGRAM) return null;
  if (data.length === TOKEN_ACCOUNT_SIZE) return 'account';
  if (data.length === MINT_SIZE) return 'mint';
  if (program !== TOKEN_2022_PROGRAM || data.length <= ACCOUNT_TYPE_OFFSET) return null;
  const type = data[ACCOUNT_TYPE_OFFSET];
  return type === ACCOUNT_TYPE_ACCOUNT ? 'account' : type === ACCOUNT_TYPE_MINT ? 'mint' : null;
}

/** The token account held in `data` under `program`, or null when it is not one. */
export function decodeTokenAccountBytes(program: string, data: ReadonlyUint8Array): DecodedTokenAccount | null {
  if (kindOf(program, data) !== 'account') return null;
  const token = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE));
  return {
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    delegate: isNone(token.delegate) ? null : token.delegate.value,
    closeAuthority: isNone(token.closeAuthority) ? null : token.closeAuthority.value,
    frozen: token.state === 2,
  };
}

/** A Token-2022 mint's permanent delegate (who may move or burn that mint's tokens in every account), or null. */
export function mintPermanentDelegate(program: string, data: ReadonlyUint8Array): string | null {
  if (program !== TOKEN_2022_PROGRAM || kindOf(program, data) !== 'mint' || data.length <= TLV_START) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  for (let at = TLV_START; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break;
    if (type === EXTENSION_PERMANENT_DELEGATE && length >= 32 && at + 36 <= data.length) {
      const key = data.subarray(at + 4, at + 36);
      return key.every((b) => b === 0) ? null : getBase58Decoder().decode(key);
    }
    at += 4 + length;
  }
  return null;
}
