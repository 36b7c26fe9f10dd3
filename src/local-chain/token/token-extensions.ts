import { getBase58Decoder, type ReadonlyUint8Array } from '@solana/kit';
import { TOKEN_2022_PROGRAM_ADDRESS } from './token-programs';

/** Token-2022 ExtensionType numbers → the names Agave's jsonParsed uses (spl-token-2022 `extension/mod.rs`). */
const EXTENSION_NAMES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmountConfig',
  'pausableConfig',
  'pausableAccount',
] as const;

export interface UiExtension {
  extension: string;
  state?: Record<string, unknown>;
}

const TLV_START = 166; // after the 165-byte base and the account-type byte

/** An optional key (all zeros = none), as the simple authority extensions store it. */
function optionalKey(bytes: ReadonlyUint8Array): string | null {
  return bytes.every((b) => b === 0) ? null : getBase58Decoder().decode(bytes);
}

/**
 * State for the extensions a marketplace check cares about (who else may move or close an account); the rest
 * are named without state, which is what Agave prints for extensions it cannot parse either.
 */
function stateOf(name: string, value: ReadonlyUint8Array): Record<string, unknown> | undefined {
  switch (name) {
    case 'mintCloseAuthority':
      return { closeAuthority: optionalKey(value.subarray(0, 32)) };
    case 'permanentDelegate':
      return { delegate: optionalKey(value.subarray(0, 32)) };
    case 'memoTransfer':
      return { requireIncomingTransferMemos: value[0] === 1 };
    case 'cpiGuard':
      return { lockCpi: value[0] === 1 };
    case 'transferHookAccount':
      return { transferring: value[0] === 1 };
    case 'defaultAccountState':
      return { accountState: ['uninitialized', 'initialized', 'frozen'][value[0] ?? 0] };
    default:
      return undefined;
  }
}

/** The TLV extensions after a Token-2022 account's base layout (empty for SPL Token and base-size accounts). */
export function tokenExtensions(program: string, data: ReadonlyUint8Array): UiExtension[] {
  if (program !== TOKEN_2022_PROGRAM_ADDRESS || data.length <= TLV_START) return [];
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const out: UiExtension[] = [];
  for (let at = TLV_START; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break; // the rest of the buffer is unused space
    const value = data.subarray(at + 4, at + 4 + length);
    const name = EXTENSION_NAMES[type] ?? 'unparseableExtension';
    const state = stateOf(name, value);
    out.push(state ? { extension: name, state } : { extension: name });
    at += 4 + length;
  }
  return out;
}
