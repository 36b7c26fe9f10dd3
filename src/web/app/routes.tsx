import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { lazyPage, type LazyPage } from './lazy-page';

/*
 * Every page is its own chunk: the home route's first load carries only the shell and the home page. The browser
 * (main.tsx) and the build-time prerender (prerender.tsx) share this table; the last entry, with no path, is the 404.
 */
const routes: { path?: string; page: LazyPage }[] = [
  { path: '/', page: lazyPage(() => import('@web/features/home/pages/home-page').then((m) => m.HomePage)) },
  {
    path: '/marketplace',
    page: lazyPage(() => import('@web/features/marketplace/pages/marketplace-page').then((m) => m.MarketplacePage)),
  },
  { path: '/order', page: lazyPage(() => import('@web/features/orders/pages/order-page').then((m) => m.OrderPage)) },
  {
    path: '/order/:orderId/finish',
    page: lazyPage(() => import('@web/features/orders/pages/finish-order-page').then((m) => m.FinishOrderPage)),
  },
  { path: '/bids', page: lazyPage(() => import('@web/features/bids/pages/bids-page').then((m) => m.BidsPage)) },
  {
    path: '/create-listing',
    page: lazyPage(() =>
      import('@web/features/create-listing/pages/create-listing-page').then((m) => m.CreateListingPage),
    ),
  },
  {
    path: '/secure-transaction/:transactionId',
    page: lazyPage(() =>
      import('@web/features/purchase/pages/secure-transaction-page').then((m) => m.SecureTransactionPage),
    ),
  },
  {
    path: '/transaction/:txHash',
    page: lazyPage(() => import('@web/features/transaction/pages/transaction-page').then((m) => m.TransactionPage)),
  },
  {
    path: '/profile',
    page: lazyPage(() => import('@web/features/profile/pages/profile-page').then((m) => m.ProfilePage)),
  },
  {
    path: '/address/:addressValue',
    page: lazyPage(() => import('@web/features/addresses/pages/address-page').then((m) => m.AddressPage)),
  },
  { path: '/shop', page: lazyPage(() => import('@web/features/shop/pages/shop-page').then((m) => m.ShopPage)) },
  {
    path: '/shop/settlement',
    page: lazyPage(() => import('@web/features/shop/pages/settlement-page').then((m) => m.SettlementPage)),
  },
  {
    path: '/terms-of-service',
    page: lazyPage(() => import('@web/features/legal/pages/terms-page').then((m) => m.TermsPage)),
  },
  {
    path: '/verify-receipt',
    page: lazyPage(() => import('@web/features/receipts/pages/verify-receipt-page').then((m) => m.VerifyReceiptPage)),
  },
  { page: lazyPage(() => import('@web/features/errors/pages/not-found-page').then((m) => m.NotFoundPage)) },
];

/** The page for the current path (inside RootLayout's Suspense). */
export function Pages() {
  return (
    <Switch>
      {routes.map(({ path, page }) => (
        <Route key={path ?? '*'} path={path} component={page} />
      ))}
    </Switch>
  );
}

/** Loads the chunk of the page at `pathname`, matched as the router matches it (wouter's default parser). */
export function preloadPage(pathname: string): Promise<void> {
  const route = routes.find(({ path }) => !path || matchRoute(parse, path, pathname)[0]);
  return route!.page.preload();
}
