import type { AppInstance } from '@server/types';
import { attestationRoutes } from './attestation.routes';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import { custodyRoutes } from './custody.routes';
import { safetyRoutes } from './safety.routes';

export type { Attestation } from './attestation';
export { attestationPlugin } from './attestation.plugin';
export { issueDestroyReceipt, saleReceiptRow } from './receipts.service';
export { receiptsRepository } from './receipts.repository';
export { checkAddressSafety, unlistUnsafe } from './safety.service';

/** Trust the buyer can check (docs/domain.md#trust-model). Needs `app.vault` and `app.attestation` registered first. */
export async function trustRoutes(app: AppInstance, opts: { rpc: ChainRpc }): Promise<void> {
  await app.register(custodyRoutes);
  await app.register(attestationRoutes);
  await app.register(safetyRoutes, { rpc: opts.rpc });
}
