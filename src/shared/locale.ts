// A business's locale: how its dates, times and amounts are written, on screens, PDFs, e-mails,
// the portal, the calendar and the CSV exports. Everything is formatted here, once, with `Intl`,
// in the workspace's locale, currency and time zone; nothing else formats a date or an amount
// for people to read.

// The formatters and the locality they take live in formats.ts (kept small for the pages); this
// module adds what a business chooses from: countries, locales, currencies, address labels.
import { DEFAULT_COUNTRY_CODE } from './formats';

export {
  DEFAULT_COUNTRY_CODE,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  formatsFor,
  type BusinessLocale,
  type Formats,
  type Locality,
} from './formats';

/** The locales offered in Business settings; any other tag the runtime knows is accepted too. */
export const LOCALE_OPTIONS = [
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-NZ',
  'en-IE',
  'en-ZA',
  'en-IN',
  'en-SG',
  'fr-CA',
  'fr-FR',
  'de-DE',
  'es-ES',
  'es-MX',
  'nl-NL',
  'pt-BR',
] as const;

// Made when first asked: a page that names no country does not pay for it.
let regionNamesKept: Intl.DisplayNames | undefined;
const regionNames = () => (regionNamesKept ??= new Intl.DisplayNames(['en'], { type: 'region' }));

/** 'AU' → 'Australia'; an unknown code is named as itself. */
export const countryName = (code: string) => regionNames().of(code) ?? code;

/** A two-letter code the runtime names as a real country or territory. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames().of(code);
  return Boolean(name) && name !== code && name !== 'Unknown Region';
}

/** A BCP 47 tag the runtime formats with (not merely well-formed). */
export function isLocaleTag(tag: string): boolean {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical === tag && Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}

/**
 * An ISO 4217 code with two minor units. Money is kept in integer hundredths (cents) in a
 * numeric(12,2) column, so currencies with none (JPY) or three (KWD) are refused, not rounded.
 */
export function isSupportedCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code) || !Intl.supportedValuesOf('currency').includes(code)) return false;
  return minorUnits(code) === 2;
}

/** How many digits a currency has after its decimal point (2 for AUD, 0 for JPY, 3 for KWD). */
export const minorUnits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Every currency the app accepts, for the settings' list. */
export const currencyOptions = () => Intl.supportedValuesOf('currency').filter((code) => minorUnits(code) === 2);

/**
 * What a new property's country field starts as in a business of `country`: the country's name
 * ('Australia'); for a US business the spec's 'USA', as every property so far says.
 */
export const defaultPropertyCountry = (country: string) =>
  country === DEFAULT_COUNTRY_CODE ? 'USA' : countryName(country);

/** The names of a postal address's region and code, as people in that country write them. */
export function addressLabels(country: string): { region: string; postalCode: string } {
  switch (country) {
    case 'US':
      // The spec's own labels (property: state, ZIP).
      return { region: 'State', postalCode: 'ZIP' };
    case 'AU':
      return { region: 'State', postalCode: 'Postcode' };
    case 'GB':
    case 'IE':
      return { region: 'County', postalCode: country === 'IE' ? 'Eircode' : 'Postcode' };
    case 'CA':
      return { region: 'Province', postalCode: 'Postal code' };
    case 'NZ':
      return { region: 'Region', postalCode: 'Postcode' };
    default:
      return { region: 'State / Region', postalCode: 'Postal code' };
  }
}
