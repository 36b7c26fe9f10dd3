import { AccountState } from '@solana-program/token';
import type { EncodedAccount } from '@solana/kit';
import { decodeMint, decodeTokenAccount, tokenKindOf, uiTokenAmount, type UiTokenAmount } from './token-state';
import { TOKEN_PROGRAMS } from './token-programs';

/**
 * One entry of a transaction's `preTokenBalances` / `postTokenBalances`, as Agave's `UiTransactionTokenBalance`
 * writes it. Kept in this form in the ledger (JSON-safe, so the journal stores it as is).
 */
export interface TransactionTokenBalance {
  accountIndex: number;
  mint: string;
  uiTokenAmount: UiTokenAmount;
  owner: string;
  programId: string;
}

/** A Token-2022 multisig is 355 bytes; Agave never reads one as a token account, whatever its byte 165 says. */
const MULTISIG_SIZE = 355;

/**
 * The amount as getTransaction reports it. A node stores token balances in its blockstore as protobuf, where a
 * float of 0 means "unset": read back, a zero balance's `uiAmount` is null (storage-proto convert.rs), so a
 * wallet that ever sees a real node sees null there, and the local chain answers the same.
 */
function storedUiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const ui = uiTokenAmount(amount, decimals);
  return { ...ui, uiAmount: ui.uiAmount !== null && Math.abs(ui.uiAmount) > Number.EPSILON ? ui.uiAmount : null };
}

/**
 * The token balances of a transaction's accounts at this moment (call before and after it runs), by Agave's rules
 * (svm/src/transaction_balances.rs): none unless a token program is among the keys; skip the programs the
 * transaction invokes and the token programs themselves; report initialized token accounts whose mint is an
 * initialized mint of the same program. An account created or closed by the transaction is thus in only one list.
 */
export function collectTokenBalances(
  keys: readonly string[],
  invoked: ReadonlySet<number>,
  read: (address: string) => EncodedAccount | null,
): TransactionTokenBalance[] {
  if (!keys.some((key) => TOKEN_PROGRAMS.has(key))) return [];
  const balances: TransactionTokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    if (invoked.has(accountIndex) || TOKEN_PROGRAMS.has(key)) return;
    const account = read(key);
    if (!account || account.data.length === MULTISIG_SIZE) return;
    const programId = account.programAddress;
    if (tokenKindOf(programId, account.data) !== 'account') return;
    const token = decodeTokenAccount(account.data);
    if (token.state === AccountState.Uninitialized) return;
    const mint = read(token.mint);
    if (!mint || mint.programAddress !== programId || tokenKindOf(programId, mint.data) !== 'mint') return;
    const { decimals, isInitialized } = decodeMint(mint.data);
    if (!isInitialized) return;
    balances.push({
      accountIndex,
      mint: token.mint,
      uiTokenAmount: storedUiTokenAmount(token.amount, decimals),
      owner: token.owner,
      programId,
    });
  });
  return balances;
}
