import type { Listing } from '@shared/api/listings';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { classOfListing } from '../describe-class';
import { MarketReadingPanel } from './market-reading-panel';

/** The address page's card: what addresses of this listing's pattern class trade at. Nothing without a pattern. */
export function ListingMarketReading({ listing }: { listing: Listing }) {
  const patternClass = classOfListing(listing);
  if (!patternClass) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Market for this pattern</CardTitle>
      </CardHeader>
      <CardContent>
        <MarketReadingPanel patternClass={patternClass} />
      </CardContent>
    </Card>
  );
}
