import { Link } from 'wouter';
import { useAttestationKey } from '../api/get-attestation-key';

/** The published attestation key, for the terms page: anyone can check our receipts against it. */
export function AttestationKeyNote() {
  const key = useAttestationKey();
  return (
    <p>
      Every sale and every key destruction comes with a receipt signed by our ed25519 attestation key:{' '}
      <span data-testid="attestation-public-key" className="font-mono break-all text-vault-100">
        {key.data?.publicKey ?? 'loading…'}
      </span>
      . Check a receipt on the{' '}
      <Link to="/verify-receipt" className="text-money-300 underline underline-offset-2">
        Verify receipt
      </Link>{' '}
      page, or with any ed25519 library over the receipt statement&apos;s canonical JSON (keys sorted, no spaces).
    </p>
  );
}
