import { AddressValidator } from '@web/features/validator';
import { Hero } from '../components/hero';
import { PremiumAddresses } from '../components/premium-addresses';
import { PromoBlock } from '../components/promo-block';
import { RecentPurchases } from '../components/recent-purchases';
import { StatTiles } from '../components/stat-tiles';

export function HomePage() {
  return (
    <div className="flex flex-col gap-10 sm:gap-14">
      <Hero />
      <StatTiles />
      <PremiumAddresses />
      <PromoBlock />
      <AddressValidator />
      <RecentPurchases />
    </div>
  );
}
