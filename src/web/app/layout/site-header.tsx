import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { VaultLogo } from '@web/components/vault-logo';
import { cn } from '@web/lib/cn';
import { WalletBalance, WalletButton, useWallet } from '@web/features/wallet';
import { NavLink } from './nav-link';

// No first render shows the bell (it needs a session, which arrives later): it, its list and the notification
// schemas (with Zod) load when a signed-in wallet first shows it (docs/decisions/0014-first-paint.md).
const loadBell = () => import('@web/features/notifications');
const NotificationBell = lazy(() => loadBell().then((m) => ({ default: m.NotificationBell })));

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'shrink-0 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    isActive ? 'bg-vault-800 text-vault-100' : 'text-vault-300 hover:bg-vault-800/60 hover:text-vault-100',
  );

export function SiteHeader() {
  const { address, isAdmin, status, sessionEnded } = useWallet();
  // Fetched as soon as an address is known (a returning visitor's stored one, before the session confirms it), so the
  // bell mounts and asks for its list with the session, as it did from the entry chunk, not a chunk load later.
  useEffect(() => {
    if (address) void loadBell();
  }, [address]);

  const links = (
    <>
      <NavLink to="/marketplace" className={navClass}>
        Marketplace
      </NavLink>
      <NavLink to="/order" className={navClass}>
        Order
      </NavLink>
      <NavLink to="/bids" className={navClass}>
        Bids
      </NavLink>
      {/* docs/product-spec.md#header-and-footer: the profile link exists only once a wallet address is known. */}
      {address && (
        <NavLink to="/profile" className={navClass}>
          {isAdmin ? 'Admin Profile' : 'Profile'}
        </NavLink>
      )}
      {/* An admin had no way to Create Listing but typing its URL. */}
      {address && isAdmin && (
        <>
          <NavLink to="/create-listing" className={navClass}>
            Create Listing
          </NavLink>
          {/* `end`: the Settlement page lives under /shop, and only its own link is the current one there. */}
          <NavLink to="/shop" end className={navClass}>
            Shop
          </NavLink>
          <NavLink to="/shop/settlement" className={navClass}>
            Settlement
          </NavLink>
        </>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-vault-800 bg-vault-950/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md text-vault-100">
          <VaultLogo className="h-8 w-8" />
          <span className="text-lg font-bold tracking-tight">
            Vanity <span className="text-money-400">Vault</span>
          </span>
        </Link>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 sm:flex">
          {links}
        </nav>
        {/* Tighter on a phone: with the bell, the logo and the wallet button fill a 390 px row to a few pixels. */}
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          {/* The bell needs a session: it reads the signed-in wallet's notifications. */}
          {address && status === 'connected' && !sessionEnded && (
            // The bell's own size (an icon button) while it loads, so the row does not move when it arrives.
            <Suspense fallback={<span aria-hidden className="h-9 w-9 shrink-0" />}>
              <NotificationBell wallet={address} />
            </Suspense>
          )}
          <WalletButton />
        </div>
      </div>
      <nav
        aria-label="Main (mobile)"
        className="flex flex-wrap items-center gap-1 border-t border-vault-800/70 px-2 py-1 sm:hidden"
      >
        {links}
        {address && status === 'connected' && <WalletBalance className="ml-auto px-2" />}
      </nav>
    </header>
  );
}
