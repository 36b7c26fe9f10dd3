import { Link } from 'wouter';
import { VaultLogo } from '@web/components/vault-logo';

const links = [
  { to: '/', label: 'Home' },
  { to: '/marketplace', label: 'Marketplace' },
  { to: '/profile', label: 'Profile' },
  { to: '/terms-of-service', label: 'Terms of Service' },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-vault-800 bg-vault-950/60">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2 text-sm text-vault-400">
          <VaultLogo className="h-6 w-6" />
          <span>Vanity Vault · Vanity Solana addresses, paid on-chain.</span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded text-vault-300 hover:text-money-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
