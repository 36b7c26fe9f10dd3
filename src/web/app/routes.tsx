import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import { PageFallback } from './layout/page-fallback';

/*
 * Every page is its own chunk (route `lazy`, React Router's built-in equivalent of React.lazy + Suspense):
 * the home route's first load carries only the shell and the home page. The browser (main.tsx) and the build-time
 * prerender (prerender.tsx) share these routes.
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageFallback,
    children: [
      {
        index: true,
        lazy: () => import('@web/features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'marketplace',
        lazy: () =>
          import('@web/features/marketplace/pages/marketplace-page').then((m) => ({ Component: m.MarketplacePage })),
      },
      {
        path: 'order',
        lazy: () => import('@web/features/orders/pages/order-page').then((m) => ({ Component: m.OrderPage })),
      },
      {
        path: 'order/:orderId/finish',
        lazy: () =>
          import('@web/features/orders/pages/finish-order-page').then((m) => ({ Component: m.FinishOrderPage })),
      },
      {
        path: 'bids',
        lazy: () => import('@web/features/bids/pages/bids-page').then((m) => ({ Component: m.BidsPage })),
      },
      {
        path: 'create-listing',
        lazy: () =>
          import('@web/features/create-listing/pages/create-listing-page').then((m) => ({
            Component: m.CreateListingPage,
          })),
      },
      {
        path: 'secure-transaction/:transactionId',
        lazy: () =>
          import('@web/features/purchase/pages/secure-transaction-page').then((m) => ({
            Component: m.SecureTransactionPage,
          })),
      },
      {
        path: 'transaction/:txHash',
        lazy: () =>
          import('@web/features/transaction/pages/transaction-page').then((m) => ({ Component: m.TransactionPage })),
      },
      {
        path: 'profile',
        lazy: () => import('@web/features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: 'address/:addressValue',
        lazy: () => import('@web/features/addresses/pages/address-page').then((m) => ({ Component: m.AddressPage })),
      },
      {
        path: 'shop',
        lazy: () => import('@web/features/shop/pages/shop-page').then((m) => ({ Component: m.ShopPage })),
      },
      {
        path: 'shop/settlement',
        lazy: () => import('@web/features/shop/pages/settlement-page').then((m) => ({ Component: m.SettlementPage })),
      },
      {
        path: 'terms-of-service',
        lazy: () => import('@web/features/legal/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
      },
      {
        path: 'verify-receipt',
        lazy: () =>
          import('@web/features/receipts/pages/verify-receipt-page').then((m) => ({ Component: m.VerifyReceiptPage })),
      },
      {
        path: '*',
        lazy: () => import('@web/features/errors/pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
];
