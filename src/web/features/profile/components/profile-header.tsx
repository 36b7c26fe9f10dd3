import { profileWallet } from '@shared/format/address';
import { BadgeCheck, Vault } from 'lucide-react';
import { Badge } from '@web/components/badge';
import { Card, CardContent } from '@web/components/card';
import { CopyButton } from '@web/components/copy-button';

export function ProfileHeader({ address, isAdmin }: { address: string; isAdmin: boolean }) {
  // docs/product-spec.md#profile: "Member since" shows the current date.
  const memberSince = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="grid h-14 w-14 shrink-0 place-items-center rounded-2xl bg-money-500/10 text-money-300 ring-1 ring-money-500/40">
          <Vault aria-hidden className="h-7 w-7" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="font-mono text-xl font-bold text-vault-100 sm:text-2xl" title={address}>
              {profileWallet(address)}
            </h1>
            <CopyButton value={address} label="Copy wallet address" />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm text-vault-300">
            <Badge tone="premium">Solana</Badge>
            {isAdmin && (
              <Badge tone="money">
                <BadgeCheck aria-hidden className="h-3.5 w-3.5" /> Verified Admin
              </Badge>
            )}
            <span>Member since {memberSince}</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
