import type { PublicConfig } from '@shared/api/config';
import type { PurchaseView } from '@shared/api/transactions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';

/** The local-mode public config, so explorer links render as they do on the local chain. */
export const localConfig: PublicConfig = {
  cluster: 'local',
  rpcUrls: ['/rpc'],
  explorerClusterQuery: '?cluster=custom',
  revealCommitment: 'confirmed',
  features: { devFaucet: true, localDevWallet: true },
};

/**
 * A component's HTML as the browser would first paint it: inside a router and a query cache holding `data` (query
 * key → answer), config included, so nothing fetches. Static: no effects run.
 */
export function renderStatic(node: ReactNode, data: Array<[readonly unknown[], unknown]> = []): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['config'], localConfig);
  for (const [key, value] of data) client.setQueryData(key, value);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath="/">{node}</Router>
    </QueryClientProvider>,
  );
  client.clear();
  return html;
}

/** The text a reader sees: tags dropped, the entities React writes decoded. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const base58 = (length: number, seed: number) =>
  Array.from(
    { length },
    (_, i) => '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[(seed * 7 + i) % 58],
  ).join('');

/** A purchase as GET /api/transactions/lookup answers it; unique ids and addresses per call, any field overridden. */
export function purchaseView(overrides: Partial<PurchaseView> = {}): PurchaseView {
  const n = ++sequence;
  return {
    id: uuid(n),
    status: 'initiated',
    txHash: null,
    blockchainTxHash: null,
    addressId: uuid(1000 + n),
    buyerId: uuid(2000 + n),
    sellerId: uuid(3000 + n),
    address: { id: uuid(1000 + n), address: base58(44, n), rarityScore: 7.2, category: 'prefix' },
    buyer: { walletAddress: base58(44, n + 1) },
    seller: { walletAddress: base58(44, n + 2) },
    network: 'solana',
    price: '0.05',
    currency: 'SOL',
    formattedUsd: '$9.85',
    feeCalculation: { price: '0.05', commissionFee: '0.00125', networkFee: '0.000005', totalAmount: '0.051255' },
    disputeReason: null,
    failureKind: null,
    failureCode: null,
    privateKeyDestroyed: false,
    explorerUrl: null,
    createdAt: '2026-11-26T12:00:00.000Z',
    expiresAt: '2026-11-26T12:15:00.000Z',
    verifiedAt: null,
    completedAt: null,
    escrow: base58(44, n + 3),
    payoutSignature: null,
    refundSignatures: [],
    refundedLamports: '0',
    ...overrides,
  };
}

/** A base58 transaction signature, different per `seed`. */
export const signatureFor = (seed: number) => base58(88, seed);
