import { useState } from 'react';
import { ShieldCheck, ShieldX } from 'lucide-react';
import { verifyReceipt, type ReceiptVerdict } from '@shared/trust/receipt';
import { Button } from '@web/components/button';
import { Card, CardContent } from '@web/components/card';
import { PageHeader } from '@web/components/page-header';
import { Textarea } from '@web/components/textarea';
import { useAttestationKey } from '../api/get-attestation-key';
import { RECEIPT_KINDS } from '../receipt-kinds';

/** /verify-receipt: checks a pasted receipt here in the browser against the published attestation key. */
export function VerifyReceiptPage() {
  const key = useAttestationKey();
  const [text, setText] = useState('');
  const [verdict, setVerdict] = useState<ReceiptVerdict | null>(null);
  const publicKey = key.data?.publicKey;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Verify a receipt"
        subtitle="Paste a sale, destroy or order delivery receipt; your browser checks its signature."
      />
      <Card>
        <CardContent className="flex flex-col gap-4">
          {/* Two lines tall on a phone, where the key wraps once it has loaded: the form below then stays put. */}
          <p className="min-h-[2lh] text-sm text-vault-300 sm:min-h-0">
            Attestation key: <span className="font-mono break-all text-vault-100">{publicKey ?? 'loading…'}</span>
          </p>
          <label htmlFor="receipt-json" className="text-sm font-medium text-vault-200">
            Receipt (JSON)
          </label>
          <Textarea
            id="receipt-json"
            className="min-h-48 font-mono text-xs"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setVerdict(null);
            }}
          />
          <Button
            className="w-full sm:w-fit"
            disabled={!publicKey || !text.trim()}
            onClick={() => publicKey && setVerdict(verifyReceipt(text, publicKey))}
          >
            <ShieldCheck aria-hidden className="h-4 w-4" /> Verify receipt
          </Button>
          {verdict && <VerdictPanel verdict={verdict} />}
        </CardContent>
      </Card>
    </div>
  );
}

function VerdictPanel({ verdict }: { verdict: ReceiptVerdict }) {
  if (!verdict.ok) {
    return (
      <div
        role="status"
        data-testid="receipt-verdict"
        className="flex gap-2 rounded-xl bg-danger-500/10 p-3 text-sm text-danger-400 ring-1 ring-danger-500/40"
      >
        <ShieldX aria-hidden className="mt-0.5 h-4 w-4 shrink-0" /> Not valid: {verdict.reason}.
      </div>
    );
  }
  const rows = Object.entries(verdict.statement).filter(([k]) => k !== 'type');
  return (
    <div
      role="status"
      data-testid="receipt-verdict"
      className="flex flex-col gap-3 rounded-xl bg-money-500/10 p-3 text-sm text-money-300 ring-1 ring-money-500/40"
    >
      <p className="flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden className="h-4 w-4 shrink-0" />
        Valid {RECEIPT_KINDS[verdict.statement.type].noun}, signed by the shop.
      </p>
      <dl className="grid gap-1 text-vault-200 sm:grid-cols-[10rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-vault-400">{k}</dt>
            <dd className="font-mono break-all">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
