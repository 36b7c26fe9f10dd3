import type { LedgerCheckReport, SettlementTransfer } from '@shared/api/settlement';
import { describe, expect, it } from 'vitest';
import { renderStatic, signatureFor, textOf, purchaseView } from '@tests/helpers/render-web';
import { ledgerCheckQueryOptions } from '../api/check-ledger';
import { LedgerCheckCard } from './ledger-check-card';
import { OpenEscrows } from './open-escrows';
import { TransferTable } from './transfer-table';

const tx = purchaseView();
const report = (overrides: Partial<LedgerCheckReport> = {}): LedgerCheckReport => ({
  balanced: true,
  checkedAt: '2026-11-26T12:00:00.000Z',
  escrowsChecked: 12,
  openEscrows: 1,
  openLamports: '51255000',
  differences: [],
  ...overrides,
});
const withReport = (r: LedgerCheckReport) =>
  textOf(renderStatic(<LedgerCheckCard />, [[ledgerCheckQueryOptions().queryKey, r]]));

describe('LedgerCheckCard', () => {
  it('says balanced with what it checked', () => {
    const text = withReport(report());
    expect(text).toContain('Balanced ✓');
    expect(text).toContain('12 escrows checked; 1 open escrow holds 0.051255 SOL.');
  });

  it('lists each difference: the escrow, both balances and the problem', () => {
    const html = renderStatic(<LedgerCheckCard />, [
      [
        ledgerCheckQueryOptions().queryKey,
        report({
          balanced: false,
          differences: [
            {
              escrow: tx.escrow!,
              transactionId: tx.id,
              orderId: null,
              bidId: null,
              ledgerLamports: '5000',
              chainLamports: null,
              problem: 'The escrow could not be read from the chain.',
            },
          ],
        }),
      ],
    ]);
    const text = textOf(html);
    expect(text).toContain('Out of balance: 1 difference');
    expect(text).toContain('0.000005 SOL');
    expect(text).toContain('could not be read');
    expect(text).toContain('The escrow could not be read from the chain.');
    expect(html).toContain(`/transaction/${tx.id}`);
  });

  it('says it is checking while the report is on its way', () => {
    expect(textOf(renderStatic(<LedgerCheckCard />))).toContain('Checking the ledger against the chain…');
  });
});

describe('OpenEscrows and TransferTable', () => {
  it('read well when empty', () => {
    expect(textOf(renderStatic(<OpenEscrows escrows={[]} />))).toBe(
      'No escrow holds funds right now: every payment has been paid out or refunded.',
    );
    expect(textOf(renderStatic(<TransferTable label="Recent refunds" transfers={[]} empty="No refunds yet." />))).toBe(
      'No refunds yet.',
    );
  });

  it('show an escrow with what it holds, and a payout with its legs and explorer link', () => {
    const escrows = textOf(
      renderStatic(
        <OpenEscrows
          escrows={[
            {
              escrow: tx.escrow!,
              transactionId: tx.id,
              orderId: null,
              bidId: null,
              address: tx.address.address,
              purchaseStatus: 'verified',
              balanceLamports: '51255000',
              receivedAt: '2026-11-26T12:01:00.000Z',
            },
          ]}
        />,
      ),
    );
    expect(escrows).toContain('0.051255 SOL');
    expect(escrows).toContain('verified');

    const signature = signatureFor(30);
    const payout: SettlementTransfer = {
      id: tx.id,
      transactionId: tx.id,
      orderId: null,
      bidId: null,
      escrow: tx.escrow!,
      kind: 'payout',
      status: 'failed',
      signature,
      lamports: '51250000',
      legs: [
        { to: tx.seller.walletAddress, lamports: '50000000', kind: 'payout' },
        { to: tx.buyer.walletAddress, lamports: '1250000', kind: 'commission' },
      ],
      attempts: 2,
      error: 'InsufficientFundsForRent',
      createdAt: '2026-11-26T12:02:00.000Z',
      landedAt: null,
    };
    const html = renderStatic(<TransferTable label="Pending and failed transfers" transfers={[payout]} empty="" />);
    const text = textOf(html);
    expect(html).toContain(`/tx/${signature}?cluster=custom`);
    expect(text).toContain('seller 0.05 SOL');
    expect(text).toContain('commission 0.00125 SOL');
    expect(text).toContain('Failed2 attemptsInsufficientFundsForRent');
  });
});
