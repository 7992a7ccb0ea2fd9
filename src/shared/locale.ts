// A business's locale: how its dates, times and amounts are written, on screens, PDFs, e-mails,
// the portal, the calendar and the CSV exports. Everything is formatted here, once, with `Intl`,
// in the workspace's locale, currency and time zone; nothing else formats a date or an amount
// for people to read.

/** Where a business is and how it writes: what every formatter needs. */
export interface Locality {
  /** A BCP 47 tag the runtime knows ('en-AU'). */
  locale: string;
  /** ISO 4217, with two minor units ('AUD'). */
  currency: string;
  /** An IANA zone ('Australia/Perth'). */
  timeZone: string;
}

/** A business's whole place: its locality and its country (ISO 3166-1 alpha-2), which names address fields. */
export interface BusinessLocale extends Locality {
  country: string;
}

/** What a workspace uses until its owner says otherwise (the app began American). */
export const DEFAULT_LOCALE = 'en-US';
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_COUNTRY_CODE = 'US';

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

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** 'AU' → 'Australia'; an unknown code is named as itself. */
export const countryName = (code: string) => regionNames.of(code) ?? code;

/** A two-letter code the runtime names as a real country or territory. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  const name = regionNames.of(code);
  return Boolean(name) && name !== code && name !== 'Unknown Region';
}

/** Two-letter codes the runtime names that are groupings, not places an address is in. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);

/** Every country a business may be in, by name ('Australia', value 'AU'), for the settings' list. */
export function countryOptions(): { value: string; label: string }[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const codes = [...letters].flatMap((a) => [...letters].map((b) => a + b));
  return codes
    .filter((code) => !NOT_COUNTRIES.has(code) && isCountryCode(code))
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label));
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

/** The formatters of one locality; made once per locality and kept. */
export interface Formats {
  /** 'Fri, 27 Nov 2026' (en-AU) / 'Fri, Nov 27, 2026' (en-US): an instant's day in the business's zone. */
  date(iso: string | Date): string;
  /** '27/11/2026' (en-AU) / '11/27/2026' (en-US): the short, numeric day. */
  shortDate(iso: string | Date): string;
  /** '1:00 pm' (en-AU) / '1:00 PM' (en-US) / '13:00' (en-GB). */
  time(iso: string | Date): string;
  /** The date and the time, or '—' when there is none. */
  dateTime(iso: string | Date | null | undefined): string;
  /** A calendar day with no time ('2026-11-27'), as `date` writes it. */
  day(date: string): string;
  /** A calendar day with no time, as `shortDate` writes it. */
  shortDay(date: string): string;
  /** A calendar day in full, for headings: 'Friday 27 November 2026' (en-AU) / 'Friday, November 27, 2026' (en-US). */
  longDay(date: string): string;
  /** Two calendar days as a span, for a week's heading: '22–28 Nov' (en-AU) / 'Nov 22 – 28' (en-US). */
  dayRange(from: string, to: string): string;
  /** Integer cents as the currency is written there ('$12.34' in en-AU AUD, 'A$12.34' in en-US AUD); null is '—'. */
  money(cents: number | null | undefined): string;
  /** An instant's day in the business's zone, 'YYYY-MM-DD' (for machines: CSV, inputs). */
  isoDay(iso: string | Date): string;
  /** An instant in the business's zone with its offset, '2026-11-27T13:00:00+08:00' (for machines: CSV). */
  isoDateTime(iso: string | Date): string;
  readonly locality: Locality;
}

const kept = new Map<string, Formats>();

/** The formatters of a locality. */
export function formatsFor(locality: Locality): Formats {
  const key = `${locality.locale}|${locality.currency}|${locality.timeZone}`;
  let formats = kept.get(key);
  if (!formats) {
    formats = makeFormats(locality);
    kept.set(key, formats);
  }
  return formats;
}

function makeFormats(locality: Locality): Formats {
  const { locale, currency, timeZone } = locality;
  const dateFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone,
  });
  const shortDateFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  });
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  // A calendar day has no zone: it is read and written at noon UTC, so no zone moves it.
  const dayFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const shortDayFormat = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const longDayFormat = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const rangeFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const partsFormat = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const wallClock = (value: string | Date) => {
    const instant = toDate(value);
    const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
    const day = `${(parts.year ?? '').padStart(4, '0')}-${parts.month}-${parts.day}`;
    const time = `${parts.hour}:${parts.minute}:${parts.second}`;
    const offsetMinutes = Math.round(
      (Date.parse(`${day}T${time}Z`) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000,
    );
    return { day, time, offsetMinutes };
  };
  const date = (value: string | Date) => dateFormat.format(toDate(value));
  const time = (value: string | Date) => timeFormat.format(toDate(value));
  return {
    locality,
    date,
    shortDate: (value) => shortDateFormat.format(toDate(value)),
    time,
    dateTime: (value) => (value ? `${date(value)}, ${time(value)}` : '—'),
    day: (value) => dayFormat.format(calendarDay(value)),
    shortDay: (value) => shortDayFormat.format(calendarDay(value)),
    longDay: (value) => longDayFormat.format(calendarDay(value)),
    dayRange: (from, to) => rangeFormat.formatRange(calendarDay(from), calendarDay(to)),
    money: (cents) => {
      if (cents === null || cents === undefined) return '—';
      if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
      return moneyFormat.format(cents / 100);
    },
    isoDay: (value) => wallClock(value).day,
    isoDateTime: (value) => {
      const { day, time, offsetMinutes } = wallClock(value);
      return `${day}T${time}${offset(offsetMinutes)}`;
    },
  };
}

function toDate(value: string | Date): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a time: ${String(value)}`);
  return date;
}

function calendarDay(value: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`Not a calendar day: ${value}`);
  return new Date(`${value}T12:00:00Z`);
}

function offset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
