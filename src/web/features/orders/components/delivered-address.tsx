import type { Order } from '@shared/api/orders';
import { CopyButton } from '@web/components/copy-button';
import { ReceiptDownloadButton, VerifyReceiptLink } from '@web/features/receipts';

/**
 * A delivered order's address and the proof that goes with it. Split key: P, t and the address, which anyone can
 * check (P + t·G); seed-derived: base, seed and owner, whose SHA-256 is the address.
 */
export function DeliveredAddress({ order }: { order: Order }) {
  if (!order.address) return null;
  const rows: [string, string | null, string][] =
    order.lane === 'split-key'
      ? [
          ['Your base point P', order.basePoint, 'proof-base-point'],
          ['Tweak t', order.tweak, 'proof-tweak'],
        ]
      : [
          ['Base (your wallet)', order.base, 'proof-base'],
          ['Seed', order.seed, 'proof-seed'],
          ['Owner program', order.owner, 'proof-owner'],
        ];
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-vault-950/60 p-4 ring-1 ring-money-500/30">
      <p className="text-sm text-vault-300">
        {order.lane === 'split-key'
          ? 'Found. Its key is your secret plus the tweak: only this page (or your file) can complete it.'
          : 'Found. The account has no key: your wallet creates it from this seed.'}
      </p>
      <div className="flex items-start gap-2">
        <p className="min-w-0 flex-1 break-all font-mono text-lg text-money-300" data-testid="order-address">
          {order.address}
        </p>
        <CopyButton value={order.address} label="Copy address" />
      </div>
      <dl className="flex flex-col gap-2 text-sm" data-testid="order-proof">
        {rows.map(([label, value, id]) => (
          <div key={id} className="flex flex-col gap-0.5">
            <dt className="text-xs text-vault-400">{label}</dt>
            <dd className="break-all font-mono text-vault-100" data-testid={id}>
              {value ?? '—'}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-vault-400">
        {order.lane === 'split-key'
          ? 'Proof, not promise: anyone can recompute P + t·G and see that it is this address. The shop only ever knew P and t, and neither controls it.'
          : 'Anyone can recompute sha256(base ‖ seed ‖ owner) and see that it is this address.'}
      </p>
      {/* The same proof signed by the shop, with "key held by the shop: never": a file to keep and show. */}
      {order.receipt && (
        <div className="flex flex-wrap items-center gap-2" data-testid="order-receipt">
          <ReceiptDownloadButton receipt={order.receipt} />
          <VerifyReceiptLink />
        </div>
      )}
    </div>
  );
}
