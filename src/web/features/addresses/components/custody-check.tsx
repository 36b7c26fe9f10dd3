import { useState } from 'react';
import { ShieldCheck, ShieldX } from 'lucide-react';
import { verifyCustodyProof, type CustodyVerdict } from '@shared/trust/verify-custody';
import { Button } from '@web/components/button';
import { bytesToBase64 } from '@web/lib/base64';
import { useRequestCustodyProof } from '../api/request-custody-proof';

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * "Verify custody" (docs/domain.md#proof-of-custody): this tab makes a fresh challenge, the vault signs it with the
 * listed key, and the signature is checked here against the address itself. No server-side "ok" is involved.
 */
export function CustodyCheck({ listingId, address }: { listingId: string; address: string }) {
  const proof = useRequestCustodyProof();
  const [verdict, setVerdict] = useState<CustodyVerdict | null>(null);

  function verify() {
    setVerdict(null);
    const challenge = bytesToBase64(crypto.getRandomValues(new Uint8Array(32)));
    proof.mutate(
      { listingId, challenge },
      {
        onSuccess: (answer) =>
          setVerdict(verifyCustodyProof(answer, { address, origin: window.location.origin, challenge })),
        onError: (error) => setVerdict({ ok: false, reason: error.message }),
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-vault-300">
        Ask the vault to sign a random challenge made by your browser with this address&apos;s own key. Your browser
        checks the signature itself.
      </p>
      <Button variant="secondary" className="w-full sm:w-fit" onClick={verify} loading={proof.isPending}>
        <ShieldCheck aria-hidden className="h-4 w-4" /> Verify custody
      </Button>
      {verdict && (
        <div
          role="status"
          data-testid="custody-result"
          className={
            verdict.ok
              ? 'flex items-start gap-2 rounded-xl bg-money-500/10 p-3 text-sm text-money-300 ring-1 ring-money-500/40'
              : 'flex items-start gap-2 rounded-xl bg-danger-500/10 p-3 text-sm text-danger-400 ring-1 ring-danger-500/40'
          }
        >
          {verdict.ok ? (
            <ShieldCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          ) : (
            <ShieldX aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          )}
          <span className="min-w-0 wrap-anywhere">
            {verdict.ok
              ? `Custody verified: the key of this address signed your challenge${
                  verdict.issuedAt ? ` at ${time.format(new Date(verdict.issuedAt))}` : ''
                }.`
              : `Custody not verified: ${verdict.reason}.`}
          </span>
        </div>
      )}
    </div>
  );
}
