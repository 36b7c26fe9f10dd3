import type { BidStatus } from '@shared/domain-values';
import { Badge } from '@web/components/badge';

type Tone = Parameters<typeof Badge>[0]['tone'];

/** One word per status, the same for a bid and an offer (src/shared/domain-values.ts BID_STATUSES). */
const LOOKS: Record<BidStatus, { text: string; tone: Tone }> = {
  'awaiting-deposit': { text: 'Awaiting deposit', tone: 'gold' },
  open: { text: 'Open', tone: 'info' },
  filled: { text: 'Filled', tone: 'money' },
  accepted: { text: 'Accepted', tone: 'money' },
  declined: { text: 'Declined', tone: 'danger' },
  cancelled: { text: 'Cancelled', tone: 'neutral' },
  expired: { text: 'Expired', tone: 'neutral' },
};

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const look = LOOKS[status];
  return (
    <Badge tone={look.tone} data-testid="bid-status">
      {look.text}
    </Badge>
  );
}
