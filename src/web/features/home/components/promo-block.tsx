import { BadgeCheck, Flame, LockKeyhole } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

const POINTS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: BadgeCheck,
    title: 'Payment verified on-chain',
    text: "You pay in SOL into the purchase's own escrow. The vault checks the payment on the Solana ledger, hands you the key, then pays the seller; a payment that cannot buy the key goes back by itself.",
  },
  {
    icon: LockKeyhole,
    title: 'Keys sealed, never shown',
    text: 'Every private key is proven against its address at listing time and stored encrypted. Only the verified buyer can reveal it.',
  },
  {
    icon: Flame,
    title: 'Destroy the stored copy',
    text: 'Once you hold the key, destroy the vault copy with one click: after that, nobody but you can control the address.',
  },
];

export function PromoBlock() {
  return (
    <section
      aria-labelledby="promo-title"
      className="rounded-3xl border border-premium-500/30 bg-gradient-to-br from-premium-500/10 via-vault-900/80 to-money-500/10 p-6 sm:p-10"
    >
      <h2 id="promo-title" className="text-xl font-bold text-vault-100 sm:text-2xl">
        Why buy from the vault
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-vault-300">
        Vanity addresses are collectibles, not safes: a safe trade is what makes them worth owning.
      </p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {POINTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl bg-vault-950/50 p-5 ring-1 ring-vault-700/70">
            <Icon aria-hidden className="h-6 w-6 text-premium-300" />
            <h3 className="mt-3 font-semibold text-vault-100">{title}</h3>
            <p className="mt-1 text-sm text-vault-300">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
