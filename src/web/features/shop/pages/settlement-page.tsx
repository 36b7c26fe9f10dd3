import type { SettlementOverview } from '@shared/api/settlement';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { FetchError } from '@web/components/fetch-error';
import { PageHeader } from '@web/components/page-header';
import { AdminGate } from '@web/features/wallet';
import { useSettlement } from '../api/get-settlement';
import { Figure } from '../components/figure';
import { sol } from '../components/format';
import { LedgerCheckCard } from '../components/ledger-check-card';
import { OpenEscrows } from '../components/open-escrows';
import { TransferTable } from '../components/transfer-table';

/**
 * /shop/settlement, the admin's view of escrowed settlement (docs/domain.md#settlement): where buyers' SOL is, what went to
 * sellers, the shop and back to payers, the ledger reconciled against the chain, and every transfer not yet landed.
 */
export function SettlementPage() {
  return (
    <AdminGate
      walletRequired="Connect an admin wallet to see escrows, payouts and refunds."
      restricted="Settlement is for admin wallets only."
    >
      {() => <Settlement />}
    </AdminGate>
  );
}

function Settlement() {
  const overview = useSettlement();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader
        title="Settlement"
        subtitle="Escrows, payouts and refunds, and the ledger checked against the chain."
      />
      <LedgerCheckCard />
      {overview.error ? <FetchError what="the settlement figures" error={overview.error} /> : null}
      {overview.data ? (
        <Overview overview={overview.data} />
      ) : overview.isPending ? (
        <p role="status">Loading the settlement figures…</p>
      ) : null}
    </div>
  );
}

function Overview({ overview }: { overview: SettlementOverview }) {
  const { totals } = overview;
  return (
    <>
      <Section id="settlement-totals" title="Totals">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          <Figure label="Open in escrows" value={sol(totals.openLamports)} />
          <Figure label="Paid out to sellers" value={sol(totals.paidOutLamports)} />
          <Figure label="Commission" value={sol(totals.commissionLamports)} />
          <Figure label="Refunded" value={sol(totals.refundedLamports)} />
          <Figure label="Network fees" value={sol(totals.feeLamports)} />
        </dl>
      </Section>
      <Section id="open-escrows" title="Open escrows" count={overview.openEscrows.length}>
        <OpenEscrows escrows={overview.openEscrows} />
      </Section>
      <Section id="pending-transfers" title="Pending and failed transfers" count={overview.pendingTransfers.length}>
        <TransferTable
          label="Pending and failed transfers"
          transfers={overview.pendingTransfers}
          empty="Nothing waiting: every payout and refund that was signed has landed."
        />
      </Section>
      <Section id="recent-payouts" title="Recent payouts" count={overview.recentPayouts.length}>
        <TransferTable
          label="Recent payouts"
          transfers={overview.recentPayouts}
          empty="No payouts yet. A seller is paid out of the escrow the moment the buyer's key is theirs."
        />
      </Section>
      <Section id="recent-refunds" title="Recent refunds" count={overview.recentRefunds.length}>
        <TransferTable
          label="Recent refunds"
          transfers={overview.recentRefunds}
          empty="No refunds yet. A payment that cannot buy its key is sent back and listed here."
        />
      </Section>
    </>
  );
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={id} className="flex items-center gap-2">
          {title}
          {count !== undefined && (
            <span className="rounded-full bg-vault-800 px-2 py-0.5 text-xs font-semibold text-vault-300 ring-1 ring-vault-600">
              {count}
            </span>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
