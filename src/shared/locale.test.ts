import { describe, expect, it } from 'vitest';
import {
  addressLabels,
  countryName,
  currencyOptions,
  defaultPropertyCountry,
  formatsFor,
  isCountryCode,
  isLocaleTag,
  isSupportedCurrency,
} from './locale';

// 2026-11-27 13:00 in Perth (UTC+8), 05:00 UTC.
const instant = '2026-11-27T05:00:00.000Z';
const perth = { timeZone: 'Australia/Perth' };

describe('formatsFor', () => {
  it('writes dates, times and amounts as en-AU does, in the business zone', () => {
    const f = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth });
    expect(f.shortDate(instant)).toBe('27/11/2026');
    expect(f.date(instant)).toBe('Fri, 27 Nov 2026');
    expect(f.time(instant)).toBe('1:00 pm');
    expect(f.dateTime(instant)).toBe('Fri, 27 Nov 2026, 1:00 pm');
    expect(f.money(123450)).toBe('$1,234.50');
    expect(f.money(-307)).toBe('-$3.07');
  });

  it('writes them as en-US does', () => {
    const f = formatsFor({ locale: 'en-US', currency: 'USD', ...perth });
    expect(f.shortDate(instant)).toBe('11/27/2026');
    expect(f.date(instant)).toBe('Fri, Nov 27, 2026');
    expect(f.time(instant)).toBe('1:00 PM');
    expect(f.money(123450)).toBe('$1,234.50');
  });

  it('writes them as en-GB does, with a 24-hour clock', () => {
    const f = formatsFor({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' });
    expect(f.shortDate(instant)).toBe('27/11/2026');
    expect(f.date(instant)).toBe('Fri, 27 Nov 2026');
    expect(f.time('2026-11-27T15:30:00Z')).toBe('15:30');
    expect(f.money(123450)).toBe('£1,234.50');
  });

  it('writes numbers and how long ago as the locale does', () => {
    const now = Date.parse(instant);
    const au = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth });
    expect(au.number(1000)).toBe('1,000');
    expect(au.number(22.5)).toBe('22.5');
    expect(formatsFor({ locale: 'de-DE', currency: 'EUR', ...perth }).number(1000)).toBe('1.000');
    expect(au.ago(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(au.ago(new Date(now - 26 * 3600_000), now)).toBe('yesterday');
    expect(formatsFor({ locale: 'fr-FR', currency: 'EUR', ...perth }).ago(new Date(now - 26 * 3600_000), now)).toBe(
      'hier',
    );
  });

  it('gives the sign an amount field is labelled with', () => {
    expect(formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth }).currencySymbol).toBe('$');
    expect(formatsFor({ locale: 'en-US', currency: 'AUD', ...perth }).currencySymbol).toBe('A$');
    expect(formatsFor({ locale: 'en-GB', currency: 'GBP', ...perth }).currencySymbol).toBe('£');
    expect(formatsFor({ locale: 'en-IE', currency: 'EUR', ...perth }).currencySymbol).toBe('€');
  });

  it('names a foreign currency so it is not taken for the local one', () => {
    expect(formatsFor({ locale: 'en-US', currency: 'AUD', ...perth }).money(500)).toBe('A$5.00');
    expect(formatsFor({ locale: 'en-AU', currency: 'USD', ...perth }).money(500)).toBe('USD\u00a05.00');
  });

  it('puts an instant on the business day, not the UTC one', () => {
    const f = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth });
    expect(f.isoDay('2026-11-27T20:00:00Z')).toBe('2026-11-28');
    expect(f.isoDateTime(instant)).toBe('2026-11-27T13:00:00+08:00');
    const utc = formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'UTC' });
    expect(utc.isoDateTime(instant)).toBe('2026-11-27T05:00:00Z');
    const newYork = formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'America/New_York' });
    expect(newYork.isoDateTime('2026-07-01T12:00:00Z')).toBe('2026-07-01T08:00:00-04:00');
  });

  it('keeps a calendar day on its day in every zone, and early years whole', () => {
    const f = formatsFor({ locale: 'en-AU', currency: 'AUD', timeZone: 'Pacific/Kiritimati' });
    expect(f.day('2030-06-15')).toBe('Sat, 15 June 2030');
    expect(f.shortDay('2030-06-15')).toBe('15/06/2030');
    expect(formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'UTC' }).isoDay('0050-03-01T12:00:00Z')).toBe(
      '0050-03-01',
    );
  });

  it('writes a day in full for headings, and a week as a span', () => {
    const au = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth });
    const us = formatsFor({ locale: 'en-US', currency: 'USD', ...perth });
    expect(au.longDay('2026-11-27')).toBe('Friday 27 November 2026');
    expect(us.longDay('2026-11-27')).toBe('Friday, November 27, 2026');
    expect(au.dayRange('2026-11-22', '2026-11-28')).toMatch(/^22\s*–\s*28 Nov$/);
    expect(us.dayRange('2026-11-22', '2026-11-28')).toMatch(/^Nov 22\s*–\s*28$/);
  });

  it("counts today and the days after it on the business's calendar", () => {
    const now = Date.now();
    const perthToday = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth }).isoDay(new Date(now));
    const f = formatsFor({ locale: 'en-AU', currency: 'AUD', ...perth });
    expect(f.today()).toBe(perthToday);
    const inThirty = new Date(`${perthToday}T12:00:00Z`);
    inThirty.setUTCDate(inThirty.getUTCDate() + 30);
    expect(f.today(30)).toBe(inThirty.toISOString().slice(0, 10));
    const apia = formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'Pacific/Apia' });
    const niue = formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'Pacific/Niue' });
    // 24 hours apart on the clock: never the same calendar day
    expect(apia.today()).not.toBe(niue.today());
  });

  it('writes nothing as a dash and refuses what is not a time or a whole number of cents', () => {
    const f = formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'UTC' });
    expect(f.dateTime(null)).toBe('—');
    expect(f.money(null)).toBe('—');
    expect(() => f.money(1.5)).toThrow();
    expect(() => f.date('not a date')).toThrow();
  });

  it('makes one set of formatters per locality', () => {
    const locality = { locale: 'en-NZ', currency: 'NZD', timeZone: 'Pacific/Auckland' };
    expect(formatsFor(locality)).toBe(formatsFor({ ...locality }));
  });
});

describe('what a business may choose', () => {
  it('knows countries by their two-letter codes', () => {
    expect(isCountryCode('AU')).toBe(true);
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('au')).toBe(false);
    expect(isCountryCode('AUS')).toBe(false);
    expect(countryName('NZ')).toBe('New Zealand');
  });

  it('takes locale tags the runtime formats with, as written canonically', () => {
    expect(isLocaleTag('en-AU')).toBe(true);
    expect(isLocaleTag('fr-CA')).toBe(true);
    expect(isLocaleTag('en-au')).toBe(false);
    expect(isLocaleTag('not a locale')).toBe(false);
    expect(isLocaleTag('')).toBe(false);
  });

  it('takes currencies with two minor units and refuses those with none or three', () => {
    expect(isSupportedCurrency('AUD')).toBe(true);
    expect(isSupportedCurrency('EUR')).toBe(true);
    expect(isSupportedCurrency('JPY')).toBe(false);
    expect(isSupportedCurrency('KWD')).toBe(false);
    expect(isSupportedCurrency('XYZ')).toBe(false);
    expect(isSupportedCurrency('aud')).toBe(false);
    expect(currencyOptions()).toContain('NZD');
    expect(currencyOptions()).not.toContain('JPY');
  });

  it("starts a new property in the business's country, the spec's 'USA' for a US business", () => {
    expect(defaultPropertyCountry('US')).toBe('USA');
    expect(defaultPropertyCountry('AU')).toBe('Australia');
    expect(defaultPropertyCountry('GB')).toBe('United Kingdom');
  });

  it('names address fields as each country does', () => {
    expect(addressLabels('US')).toEqual({ region: 'State', postalCode: 'ZIP' });
    expect(addressLabels('AU')).toEqual({ region: 'State', postalCode: 'Postcode' });
    expect(addressLabels('GB')).toEqual({ region: 'County', postalCode: 'Postcode' });
    expect(addressLabels('CA')).toEqual({ region: 'Province', postalCode: 'Postal code' });
  });
});
