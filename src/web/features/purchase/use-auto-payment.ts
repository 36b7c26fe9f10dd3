import { useEffect, useEffectEvent, useRef } from 'react';

// The payment starts by itself 0.5 s after the page loads (docs/product-spec.md#transaction-status,
// docs/product-spec.md#constants-and-limits).
const AUTO_PAY_DELAY_MS = 500;

/**
 * Starts the payment once per visit when `ready` (status initiated, wallet connected, no payment running, no
 * hash). Only once: after a rejection in the wallet the user decides when to try again.
 */
export function useAutoPayment(ready: boolean, pay: () => void) {
  const done = useRef(false);
  const start = useEffectEvent(() => {
    done.current = true;
    pay();
  });
  useEffect(() => {
    if (!ready || done.current) return;
    const timer = setTimeout(start, AUTO_PAY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ready]);
}
