import type { EscrowTransferStatus } from '@shared/domain-values';
import { stateMachine } from '@server/db/state-machine';

/**
 * The escrow transfer state machine (docs/domain.md#exactly-once-transfers): every move of `escrow_transfers.status`,
 * with why it happens. A transfer is stored `signed` before it is sent; `landed` and `failed` are final (re-signing an
 * expired blockhash changes the signature, not the status). `settlementRepository.finish` is the only writer of the
 * column and checks its move here first, so a move this table lacks throws IllegalMoveError before anything is written.
 */
export const transferStates = stateMachine<EscrowTransferStatus>('escrow transfer', {
  signed: {
    landed: 'its signature landed without an error: its ledger rows are written in the same transaction',
    failed: 'its signature landed with an error: an admin looks at it on the Settlement page',
  },
  landed: {},
  failed: {},
});
