import { SectionTitle } from '@web/components/section-title';
import { FetchError } from '@web/components/fetch-error';
import { useMyOffers } from '../api/get-my-offers';
import { useOfferDeposits } from '../use-offer-deposits';
import { OfferRow } from './offer-row';

/** The profile's "My offers": the offers this wallet made on listings, with their deposits and Cancel. */
export function MyOffers() {
  const offers = useMyOffers(true);
  const deposits = useOfferDeposits();
  // A buyer who never made an offer is not shown an empty section about it.
  if (offers.isPending || offers.data?.offers.length === 0) return null;
  return (
    <section aria-labelledby="my-offers" id="offers" className="flex scroll-mt-24 flex-col gap-4">
      <SectionTitle id="my-offers" title="My offers" count={offers.data?.offers.length} />
      {offers.isError ? (
        <FetchError what="your offers" error={offers.error} />
      ) : (
        <ul className="grid items-start gap-4 *:min-w-0 md:grid-cols-2">
          {offers.data.offers.map((offer) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              showAddress
              deposit={deposits.depositOf(offer)}
              cancelling={deposits.cancelling(offer)}
              onCancel={() => deposits.cancel(offer)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
