import { Link } from 'wouter';

/** A table cell's link to the purchase a row belongs to: "View", named for screen readers by the purchase's id. */
export function ViewPurchaseLink({ transactionId }: { transactionId: string | null }) {
  return (
    <Link to={`/transaction/${transactionId}`} className="text-sky-300 hover:text-sky-200">
      View
      <span className="sr-only"> purchase {transactionId}</span>
    </Link>
  );
}
