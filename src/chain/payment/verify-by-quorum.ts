import type { ChainRpc } from '../rpc/chain-rpc';
import { fetchPaymentTransaction } from './find-payment';
import type { ExpectedPayment, FetchedTransaction, VerifiedPayment } from './payment-types';
import { PaymentVerificationError } from './payment-verification-error';
import { verifyPayment } from './verify-payment';

export type QuorumVerdict =
  | { kind: 'verified'; paid: VerifiedPayment; fetched: FetchedTransaction }
  | { kind: 'rejected'; error: PaymentVerificationError; fetched: FetchedTransaction | null }
  /** Fewer than `quorum` endpoints agree on anything: not verified yet, never a pass. */
  | { kind: 'undecided' };

/** What two endpoints must agree on for a pass: every fact verifyPayment read from the transaction. */
const factsOf = (paid: VerifiedPayment) =>
  JSON.stringify(paid, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * verifyPayment over the answers of several RPC endpoints (VERIFY_QUORUM). A pass needs
 * `quorum` endpoints whose transactions pass with the same facts (signature, slot, payer, amounts, fee); a
 * rejection needs `quorum` endpoints failing the same check and none passing. Anything else — an endpoint that
 * does not know the transaction, or endpoints that disagree — is undecided: one lying or lagging endpoint can
 * neither forge a payment nor fail an honest one. With a quorum of 1 and one answer this is verifyPayment.
 */
export function verifyByQuorum(
  expected: ExpectedPayment,
  answers: readonly (FetchedTransaction | null)[],
  quorum: number,
): QuorumVerdict {
  const passes = new Map<string, { paid: VerifiedPayment; fetched: FetchedTransaction; count: number }>();
  const failures = new Map<
    string,
    { error: PaymentVerificationError; fetched: FetchedTransaction | null; count: number }
  >();
  for (const fetched of answers) {
    try {
      const paid = verifyPayment(expected, fetched);
      const key = factsOf(paid);
      const seen = passes.get(key) ?? { paid, fetched: fetched!, count: 0 };
      passes.set(key, { ...seen, count: seen.count + 1 });
    } catch (err) {
      if (!(err instanceof PaymentVerificationError)) throw err;
      if (err.code === 'PAYMENT_NOT_FOUND') continue;
      const seen = failures.get(err.code) ?? { error: err, fetched, count: 0 };
      failures.set(err.code, { ...seen, count: seen.count + 1 });
    }
  }
  for (const { paid, fetched, count } of passes.values()) {
    if (count >= quorum) return { kind: 'verified', paid, fetched };
  }
  if (passes.size === 0) {
    for (const { error, fetched, count } of failures.values()) {
      if (count >= quorum) return { kind: 'rejected', error, fetched };
    }
  }
  return { kind: 'undecided' };
}

/**
 * The payment transaction as each endpoint reports it (null where it is unknown or the endpoint failed). Throws
 * the first endpoint's error only when every endpoint failed, so "all RPC endpoints down" still says so.
 */
export async function fetchFromEach(
  rpcs: readonly ChainRpc[],
  signature: string,
): Promise<(FetchedTransaction | null)[]> {
  const settled = await Promise.allSettled(rpcs.map((rpc) => fetchPaymentTransaction(rpc, signature)));
  if (settled.every((s) => s.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  return settled.map((s) => (s.status === 'fulfilled' ? s.value : null));
}
