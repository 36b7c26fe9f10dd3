import type { BulkCreateResponse } from '@shared/api/listings';
import { CircleCheck, CircleX } from 'lucide-react';

// docs/product-spec.md#constants-and-limits: the results panel shows the first 10 entries of each list.
const SHOWN = 10;

export function BulkResults({ result }: { result: BulkCreateResponse }) {
  const results = result.results.slice(0, SHOWN);
  const errors = result.errors.slice(0, SHOWN);
  return (
    <section
      aria-label="Bulk upload results"
      data-testid="bulk-results"
      className="flex flex-col gap-4 rounded-xl bg-vault-950/60 p-4 ring-1 ring-vault-700"
    >
      <p className="flex flex-wrap gap-4 text-sm font-semibold">
        <span className="text-money-300">{result.successful} created</span>
        <span className={result.failed ? 'text-danger-400' : 'text-vault-400'}>{result.failed} failed</span>
      </p>
      {results.length > 0 && (
        <ul className="flex flex-col divide-y divide-vault-800">
          {results.map((r) => (
            <li key={r.address} className="flex items-center gap-3 py-2 text-sm">
              {r.status === 'success' ? (
                <CircleCheck aria-label="Created" className="h-4 w-4 shrink-0 text-money-400" />
              ) : (
                <CircleX aria-label="Failed" className="h-4 w-4 shrink-0 text-danger-400" />
              )}
              <span className="min-w-0 flex-1 font-mono wrap-anywhere text-vault-100" title={r.address}>
                {r.address}
              </span>
              <span className="hidden font-mono text-vault-300 sm:inline">{r.pattern ?? '—'}</span>
              <span className="font-mono text-vault-200">{r.price ? `${r.price} SOL` : '—'}</span>
            </li>
          ))}
        </ul>
      )}
      {result.results.length > SHOWN && (
        <p className="text-xs text-vault-400">and {result.results.length - SHOWN} more</p>
      )}
      {errors.length > 0 && (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold text-danger-400">Errors</h4>
          <p className="text-xs text-vault-400" data-testid="bulk-errors-summary">
            {result.errors.length === 1
              ? '1 line was not listed:'
              : `${result.errors.length.toLocaleString('en-US')} lines were not listed, by line number:`}
          </p>
          <ul className="flex flex-col gap-1 font-mono text-xs text-vault-300">
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
          {result.errors.length > SHOWN && (
            <p className="text-xs text-vault-400">and {result.errors.length - SHOWN} more</p>
          )}
        </div>
      )}
    </section>
  );
}
