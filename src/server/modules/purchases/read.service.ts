import { ErrorCode } from '@shared/api/errors';
import type { PurchaseView } from '@shared/api/transactions';
import { notFound } from '@server/http/app-error';
import { usersRepository } from '../users';
import type { PurchaseDeps } from './deps';
import { referenceDataRepository } from './reference-data.repository';
import { settlementRepository, type TransferRow } from '../settlement';
import { settlementFactsOf, toPurchaseView } from './purchase-view';
import { purchasesRepository, type PurchaseDetail } from './purchases.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

type ReadDeps = Pick<PurchaseDeps, 'db' | 'cluster' | 'explorerRpcUrl'>;

async function viewsOf(deps: ReadDeps, rows: PurchaseDetail[], viewerWallet?: string): Promise<PurchaseView[]> {
  const usdPerSol = await referenceDataRepository.solUsdRate(deps.db);
  const purchases = rows.map((r) => r.purchase);
  const transfers = await settlementRepository.landedTransfersOf(
    deps.db,
    purchases.map((p) => p.id),
    purchases.flatMap((p) => (p.bidId === null ? [] : [p.bidId])),
  );
  const escrows = await settlementRepository.keptEscrows(
    deps.db,
    purchases.map((p) => p.paymentReference),
  );
  return rows.map((row) =>
    toPurchaseView(row, {
      cluster: deps.cluster,
      explorerRpcUrl: deps.explorerRpcUrl,
      usdPerSol,
      viewerWallet,
      settlement: {
        escrow: escrows.has(row.purchase.paymentReference) ? row.purchase.paymentReference : null,
        ...settlementFactsOf(transfers.filter((t) => paidThrough(t, row.purchase))),
      },
    }),
  );
}

/** A transfer out of the escrow `purchase` was paid into: its own, or the bid's that filled it. */
const paidThrough = (t: TransferRow, purchase: PurchaseDetail['purchase']) =>
  t.transactionId === purchase.id || (purchase.bidId !== null && t.bidId === purchase.bidId);

export async function viewOf(deps: ReadDeps, detail: PurchaseDetail, viewerWallet?: string): Promise<PurchaseView> {
  const [view] = await viewsOf(deps, [detail], viewerWallet);
  return view!;
}

/** GET /api/transactions/{id or txHash}: public, without secrets; the buyer also sees the payment to make. */
export async function getPurchase(deps: ReadDeps, idOrHash: string, viewerWallet?: string): Promise<PurchaseView> {
  const by = UUID.test(idOrHash)
    ? { id: idOrHash.toLowerCase() }
    : SIGNATURE.test(idOrHash)
      ? { txHash: idOrHash }
      : undefined;
  const detail = by && (await purchasesRepository.findDetail(deps.db, by));
  if (!detail) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
  return viewOf(deps, detail, viewerWallet);
}

export async function recentSales(deps: ReadDeps, limit = 10): Promise<PurchaseView[]> {
  return viewsOf(deps, await purchasesRepository.listRecentSales(deps.db, limit));
}

/** One wallet's transactions: its purchases only, or everything it bought or sold, refunds included. */
export async function purchasesOfWallet(
  deps: ReadDeps,
  wallet: string,
  role: 'buyer' | 'any',
): Promise<PurchaseView[]> {
  const user = await usersRepository.findByWallet(deps.db, wallet);
  const rows = await purchasesRepository.listForWallet(deps.db, { wallet, userId: user?.id }, role);
  return viewsOf(deps, rows, wallet);
}
