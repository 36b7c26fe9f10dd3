import { Badge } from '@web/components/badge';
import type { Tier } from '../rules';

export function TierBadge({ tier, className }: { tier: Tier; className?: string }) {
  return (
    <Badge tone={tier.tone} className={className} data-testid="tier-badge">
      {tier.label}
    </Badge>
  );
}
