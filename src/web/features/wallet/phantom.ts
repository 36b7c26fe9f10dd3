import { toast } from '@web/components/toast-store';

export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download';

// docs/product-spec.md#wallet-and-chain-errors: after sending a phone into the Phantom app, fall back to the download
// page after 2 seconds.
const APP_FALLBACK_MS = 2000;

export const isMobileDevice = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/** Phantom's universal link that opens this page inside Phantom's in-app browser. */
export function phantomBrowseLink(url = window.location.href, origin = window.location.origin) {
  return `https://phantom.app/ul/browse/${encodeURIComponent(url)}?ref=${encodeURIComponent(origin)}`;
}

/** What the Connect button does when no Solana wallet registered in this page. */
export function handleMissingWallet() {
  if (!isMobileDevice()) {
    toast({
      title: 'Wallet Not Found',
      description: 'Phantom wallet not found. Please install Phantom extension.',
      variant: 'error',
    });
    return;
  }
  // A page opened in the phone's browser cannot see the Phantom app: open the page inside Phantom instead.
  window.location.href = phantomBrowseLink();
  setTimeout(() => {
    // Still here after 2 s means the app is not installed (a successful hand-off backgrounds this page).
    if (document.visibilityState === 'hidden') return;
    toast({
      title: 'Phantom Required',
      description: 'Please install Phantom wallet from the app store and try again.',
    });
    window.location.href = PHANTOM_DOWNLOAD_URL;
  }, APP_FALLBACK_MS);
}
