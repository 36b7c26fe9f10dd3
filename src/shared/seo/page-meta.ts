import { truncateListingAddress } from '../format/address';

/**
 * Each route's <title> and meta description. The server writes them into the HTML it sends (crawlers
 * and link previews read that, without running the app); the app sets the same on every navigation.
 */
export interface PageMeta {
  title: string;
  description: string;
}

export const SITE_NAME = 'Vanity Vault';
const titled = (page: string) => `${page} · ${SITE_NAME}`;

const STATIC: Record<string, PageMeta> = {
  '/': {
    title: `${SITE_NAME} — Vanity Solana Addresses`,
    description:
      'Buy rare vanity Solana addresses with their private keys: pay the seller on chain, then reveal the key only you can read.',
  },
  '/marketplace': {
    title: titled('Marketplace'),
    description:
      'Search vanity Solana addresses by pattern, where it sits, category, length, price and rarity, and buy one with SOL.',
  },
  '/create-listing': {
    title: titled('Create Listing'),
    description: 'List vanity Solana addresses for sale, one at a time or in bulk (admin wallets).',
  },
  '/profile': {
    title: titled('Profile'),
    description: 'Your addresses and their keys, your watchlist, your listings and your transaction history.',
  },
  '/order': {
    title: titled('Order a Custom Address'),
    description:
      'Name a pattern for a wallet, a token mint whose key nobody else holds, or a keyless account; get a live quote and have the shop grind it.',
  },
  '/bids': {
    title: titled('Pattern Bids'),
    description:
      'Bid on a vanity Solana address pattern: see what matches now, deposit your price, and the first matching listing is bought for you.',
  },
  '/verify-receipt': {
    title: titled('Verify a Receipt'),
    description: "Check a Vanity Vault sale or destroy receipt's signature in your own browser.",
  },
  '/shop': {
    title: titled('Shop'),
    description:
      "The shop's sales, refunds, open reservations and grind queue, today and over 30 days (admin wallets).",
  },
  // Under /shop, so the robots.txt line that keeps crawlers off the Shop keeps them off this admin page too.
  '/shop/settlement': {
    title: titled('Settlement'),
    description: 'Escrows, payouts and refunds, and the ledger checked against the chain (admin wallets).',
  },
  '/terms-of-service': {
    title: titled('Terms of Service'),
    description: 'The terms of buying vanity Solana addresses and managing their private keys on Vanity Vault.',
  },
};

const NOT_FOUND: PageMeta = {
  title: titled('Page Not Found'),
  description: 'This page does not exist. Browse the marketplace for vanity Solana addresses instead.',
};

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The meta of the page at `pathname`; `notFound` for a path the app shows its 404 page for. */
export function pageMeta(pathname: string): PageMeta & { notFound: boolean } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = STATIC[path];
  if (known) return { ...known, notFound: false };
  const [, first, second, ...rest] = path.split('/');
  // A split-key order finished from its file: /order/{id}/finish.
  if (first === 'order' && second && rest.length === 1 && rest[0] === 'finish') {
    return {
      title: titled('Finish a Split-Key Order'),
      description: 'Open your finish-later file to complete your split key in the page and create your token mint.',
      notFound: false,
    };
  }
  if (second && rest.length === 0) {
    if (first === 'address') {
      const address = decoded(second);
      return {
        title: titled(truncateListingAddress(address)),
        description: `The vanity Solana address ${address}: its pattern, rarity and price on Vanity Vault.`,
        notFound: false,
      };
    }
    if (first === 'secure-transaction') {
      return {
        title: titled('Secure Transaction'),
        description: 'Pay for a vanity address on chain and reveal its private key.',
        notFound: false,
      };
    }
    if (first === 'transaction') {
      return {
        title: titled('Transaction'),
        description: 'A Vanity Vault purchase: its status, amount and on-chain signature.',
        notFound: false,
      };
    }
  }
  return { ...NOT_FOUND, notFound: true };
}
