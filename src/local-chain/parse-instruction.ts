import { getBase58Decoder, getBase58Encoder, getUtf8Decoder } from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token/token-programs';
import { uiTokenAmount } from './token/token-state';

/**
 * The `jsonParsed` form of one instruction, as Agave's transaction-status parsers write it, for the programs a
 * marketplace purchase touches: System, SPL Memo and SPL Token / Token-2022 (their common instructions). Anything
 * else, or data a parser does not understand, stays raw (`programId`, `accounts`, base58 `data`), as on mainnet.
 */

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MEMO_PROGRAMS = new Set([
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
]);

type Parsed = { type: string; info: Record<string, unknown> } | string;

class Reader {
  private view: DataView;
  constructor(
    private readonly data: Uint8Array,
    private at = 0,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  u8 = () => this.view.getUint8(this.at++);
  u32 = () => ((this.at += 4), this.view.getUint32(this.at - 4, true));
  u64 = () => ((this.at += 8), this.view.getBigUint64(this.at - 8, true));
  key = () => getBase58Decoder().decode(this.data.subarray(this.at, (this.at += 32)));
  /** COption<Pubkey> as the token program's instructions encode it: a u8 tag, then the key when set. */
  optionalKey = () => (this.u8() === 1 ? this.key() : null);
}

function parseSystem(data: Uint8Array, keys: string[]): Parsed | undefined {
  const r = new Reader(data);
  switch (r.u32()) {
    case 0:
      return {
        type: 'createAccount',
        info: {
          source: keys[0],
          newAccount: keys[1],
          lamports: Number(r.u64()),
          space: Number(r.u64()),
          owner: r.key(),
        },
      };
    case 1:
      return { type: 'assign', info: { account: keys[0], owner: r.key() } };
    case 2:
      return { type: 'transfer', info: { source: keys[0], destination: keys[1], lamports: Number(r.u64()) } };
    case 8:
      return { type: 'allocate', info: { account: keys[0], space: Number(r.u64()) } };
    default:
      return undefined;
  }
}

const AUTHORITY_TYPES = ['mintTokens', 'freezeAccount', 'accountOwner', 'closeAccount'];

function parseToken(data: Uint8Array, keys: string[]): Parsed | undefined {
  const r = new Reader(data);
  const amount = () => r.u64().toString();
  switch (r.u8()) {
    case 0:
    case 20: {
      // InitializeMint (with the rent sysvar) and InitializeMint2
      const decimals = r.u8();
      const mintAuthority = r.key();
      const freezeAuthority = r.optionalKey();
      const type = data[0] === 0 ? 'initializeMint' : 'initializeMint2';
      return {
        type,
        info: { mint: keys[0], decimals, mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}) },
      };
    }
    case 1:
      return { type: 'initializeAccount', info: { account: keys[0], mint: keys[1], owner: keys[2] } };
    case 18:
      return { type: 'initializeAccount3', info: { account: keys[0], mint: keys[1], owner: r.key() } };
    case 3:
      return {
        type: 'transfer',
        info: { source: keys[0], destination: keys[1], authority: keys[2], amount: amount() },
      };
    case 4:
      return { type: 'approve', info: { source: keys[0], delegate: keys[1], owner: keys[2], amount: amount() } };
    case 5:
      return { type: 'revoke', info: { source: keys[0], owner: keys[1] } };
    case 6: {
      const authorityType = AUTHORITY_TYPES[r.u8()] ?? 'unknown';
      const owned = authorityType === 'mintTokens' || authorityType === 'freezeAccount' ? 'mint' : 'account';
      return {
        type: 'setAuthority',
        info: { [owned]: keys[0], authorityType, newAuthority: r.optionalKey(), authority: keys[1] },
      };
    }
    case 7:
      return { type: 'mintTo', info: { mint: keys[0], account: keys[1], mintAuthority: keys[2], amount: amount() } };
    case 8:
      return { type: 'burn', info: { account: keys[0], mint: keys[1], authority: keys[2], amount: amount() } };
    case 9:
      return { type: 'closeAccount', info: { account: keys[0], destination: keys[1], owner: keys[2] } };
    case 12: {
      const value = r.u64();
      const decimals = r.u8();
      return {
        type: 'transferChecked',
        info: {
          source: keys[0],
          mint: keys[1],
          destination: keys[2],
          authority: keys[3],
          tokenAmount: uiTokenAmount(value, decimals),
        },
      };
    }
    case 22:
      return { type: 'initializeImmutableOwner', info: { account: keys[0] } };
    default:
      return undefined;
  }
}

const PARSERS: Record<string, { program: string; parse(data: Uint8Array, keys: string[]): Parsed | undefined }> = {
  [SYSTEM_PROGRAM]: { program: 'system', parse: parseSystem },
  [TOKEN_PROGRAM_ADDRESS]: { program: 'spl-token', parse: parseToken },
  [TOKEN_2022_PROGRAM_ADDRESS]: { program: 'spl-token', parse: parseToken },
  ...Object.fromEntries(
    [...MEMO_PROGRAMS].map((id) => [
      id,
      { program: 'spl-memo', parse: (data: Uint8Array) => getUtf8Decoder().decode(data) },
    ]),
  ),
};

/** One instruction, compiled (`programIdIndex`, account indexes, base58 data), in its jsonParsed form. */
export function parseInstruction(
  ix: { programIdIndex: number; accounts: readonly number[]; data: string; stackHeight?: number | null },
  accountKeys: readonly string[],
) {
  const programId = accountKeys[ix.programIdIndex] ?? '';
  const keys = ix.accounts.map((i) => accountKeys[i] ?? '');
  const stackHeight = ix.stackHeight ?? null;
  const parser = PARSERS[programId];
  if (parser) {
    try {
      const parsed = parser.parse(new Uint8Array(getBase58Encoder().encode(ix.data)), keys);
      if (parsed !== undefined) return { program: parser.program, programId, parsed, stackHeight };
    } catch {
      // short or malformed data: reported raw, as Agave does when its parser gives up
    }
  }
  return { programId, accounts: keys, data: ix.data, stackHeight };
}
