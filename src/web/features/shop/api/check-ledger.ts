import { queryOptions, useQuery } from '@tanstack/react-query';
import { ledgerCheckReportSchema } from '@shared/api/settlement';
import { apiFetch } from '@web/lib/api-client';

/**
 * GET /api/admin/ledger/check (admin, no input): the ledger reconciled against the chain, the same report as the CLI.
 * 200 when balanced, 409 with the differences: both are the report.
 */
export const checkLedger = (signal?: AbortSignal) =>
  apiFetch('/api/admin/ledger/check', { schema: ledgerCheckReportSchema, signal, answerStatuses: [409] });

export const ledgerCheckQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'ledger-check'],
    queryFn: ({ signal }) => checkLedger(signal),
    // It reads every escrow's balance from the chain: run on opening the page and on request, not on a timer.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });

export const useLedgerCheck = () => useQuery(ledgerCheckQueryOptions());
