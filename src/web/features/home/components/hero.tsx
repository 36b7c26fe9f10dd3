import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden rounded-3xl border border-vault-700/70 bg-vault-900/60 px-6 py-12 text-center shadow-vault sm:px-12 sm:py-16"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_16rem_at_50%_0%,rgb(16_185_129/0.14),transparent_70%)]"
      />
      <p className="relative mx-auto mb-4 inline-flex items-center gap-2 rounded-full bg-vault-800/80 px-3 py-1 text-xs font-semibold tracking-wide text-money-300 ring-1 ring-vault-600">
        <ShieldCheck aria-hidden className="h-3.5 w-3.5" /> Keys sealed in the vault
      </p>
      <h1 id="hero-title" className="relative text-3xl font-extrabold tracking-tight text-vault-100 sm:text-5xl">
        Vanity Solana Addresses
      </h1>
      <p className="relative mx-auto mt-4 max-w-2xl text-base text-vault-300 sm:text-lg">
        Find your Solana identity: rare, memorable addresses, verified on-chain and delivered with their private key.
      </p>
      <div className="relative mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/marketplace" className={buttonClass('primary', 'lg')}>
          Browse the Marketplace <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
        <a href="#validator" className={buttonClass('secondary', 'lg')}>
          Check an Address
        </a>
      </div>
    </section>
  );
}
