import { PatternIndex } from '@shared/pattern-index';
import type { Queryable } from '@server/db/database';
import { bidsRepository } from './bids.repository';

/** How long the index is only topped up before it is read whole again (dropping closed bids). */
const FULL_READ_MS = 60_000;
/** Funded-at times are the funding instance's clock: read a little further back than the last read. */
const CLOCK_MARGIN_MS = 30_000;

/**
 * The open pattern bids' keys in memory (matching a bulk upload must cost little more than the upload), kept
 * per instance: read whole once a minute, topped up before each use with the bids funded since (bids_open_funded_idx),
 * so a bid funded on any instance is matched by the next chunk. It only proposes: a key it finds is looked up in the
 * database (bids_open_match_idx), which decides whether the bid is still open; a closed bid it still holds finds
 * nothing there.
 */
export function createOpenBidIndex(db: Queryable, now: () => Date = () => new Date()) {
  let index: PatternIndex | null = null;
  let readAt = 0;
  let toppedUpAt = 0;
  return {
    async current(): Promise<PatternIndex> {
      const at = now().getTime();
      if (!index || at - readAt > FULL_READ_MS) {
        const next = new PatternIndex();
        for (const p of await bidsRepository.openKeys(db)) next.add(p);
        next.seal();
        index = next;
        readAt = toppedUpAt = at;
        return index;
      }
      for (const p of await bidsRepository.openKeys(db, new Date(toppedUpAt - CLOCK_MARGIN_MS))) index.add(p);
      toppedUpAt = at;
      return index;
    },
  };
}
export type OpenBidIndex = ReturnType<typeof createOpenBidIndex>;
