import { Bell } from 'lucide-react';
import { Button } from '@web/components/button';
import { FetchError } from '@web/components/fetch-error';
import { SectionTitle } from '@web/components/section-title';
import { toast } from '@web/components/toast-store';
import { useDeleteWatch } from '../api/delete-watch';
import { useWatches } from '../api/get-watches';
import { patternText } from './pattern-text';

/** The patterns the wallet watches: each new matching listing rings the bell; nothing is paid or bought. */
export function MyWatches() {
  const watches = useWatches(true);
  const remove = useDeleteWatch();
  if (watches.isPending || watches.data?.watches.length === 0) return null;
  return (
    <section aria-labelledby="my-watches" className="flex flex-col gap-4">
      <SectionTitle id="my-watches" title="Watched patterns" count={watches.data?.watches.length} />
      {watches.isError ? (
        <FetchError what="your watched patterns" error={watches.error} />
      ) : (
        <ul className="flex flex-col gap-2">
          {watches.data.watches.map((watch) => (
            <li
              key={watch.id}
              data-testid="my-watch"
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-vault-700/80 bg-vault-900/80 px-4 py-2"
            >
              <span className="flex min-w-0 items-center gap-2 font-mono text-sm break-all text-vault-100">
                <Bell aria-hidden className="h-4 w-4 shrink-0 text-gold-300" />
                {patternText(watch)}
              </span>
              <Button
                variant="ghost"
                size="sm"
                loading={remove.isPending && remove.variables === watch.id}
                onClick={() =>
                  remove.mutate(watch.id, {
                    onError: (e) => toast({ title: 'Not removed', description: e.message, variant: 'error' }),
                  })
                }
              >
                Stop watching
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
