type Address = { address: string; city: string | null; state: string | null; zipCode: string | null };

/** "Austin, TX 78701" from a property's city, state and ZIP; '' when none is known. */
export const placeLine = (property: Omit<Address, 'address'>) =>
  [property.city, [property.state, property.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** "12 Quay Road, Austin TX 78701": the one-line address of the visit pages. */
export const fullAddress = (property: Address) =>
  [property.address, [property.city, property.state, property.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** Who placed a property on the map: a person ('Set location from here', a pin, the form) or the geocoder. */
export const LOCATION_SOURCES = ['person', 'geocoder'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

/** The one-line address a geocoder is asked: street, city, state and ZIP, then the country. */
export const geocodeQuery = (property: Address & { country: string | null }) =>
  [fullAddress(property), property.country].filter(Boolean).join(', ');

/** How the geocoder's answers are kept: case, spacing and punctuation around commas do not matter. */
export const addressKey = (query: string) =>
  query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*,\s*/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();
