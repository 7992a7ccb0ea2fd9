import { DEFAULT_CURRENCY, DEFAULT_LOCALE, type Locality } from '../../shared/formats';

/** The browser's IANA zone ('America/Los_Angeles'): the zone of a page with no business yet, and a new business's first guess. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A business's locality, or the defaults (en-US, USD, the browser's zone) when there is none. */
export function localityOf(business: Partial<Locality> | null | undefined): Locality {
  return {
    locale: business?.locale || DEFAULT_LOCALE,
    currency: business?.currency || DEFAULT_CURRENCY,
    timeZone: business?.timeZone || browserZone(),
  };
}
