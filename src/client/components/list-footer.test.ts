import { describe, expect, it } from 'vitest';
import { formatsFor } from '../../shared/formats';
import { footerText, pageCount } from './list-footer';

describe('the list footer', () => {
  it('writes its counts as the business writes numbers', () => {
    const german = formatsFor({ locale: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' });
    expect(footerText({ total: 1200, offset: 1000, pageSize: 50, noun: 'visits', formats: german })).toBe(
      '1.001–1.050 of 1.200 visits',
    );
  });

  it("says 'x–y of N' while the total is exact", () => {
    expect(footerText({ total: 57, offset: 20, pageSize: 20, noun: 'notes' })).toBe('21–40 of 57 notes');
    expect(footerText({ total: 57, offset: 40, pageSize: 20, noun: 'notes' })).toBe('41–57 of 57 notes');
    expect(footerText({ total: 1000, offset: 980, pageSize: 20, noun: 'visits' })).toBe('981–1,000 of 1,000 visits');
    expect(pageCount(57, false, 40, 20)).toBe(3);
  });

  it("says 'of 1,000+' past the cap and keeps a next page while this one is full", () => {
    expect(footerText({ total: 1000, totalCapped: true, offset: 0, pageSize: 50, shown: 50, noun: 'visits' })).toBe(
      '1–50 of 1,000+ visits',
    );
    expect(footerText({ total: 1050, totalCapped: true, offset: 1000, pageSize: 50, shown: 50, noun: 'visits' })).toBe(
      '1,001–1,050 of 1,050+ visits',
    );
    expect(pageCount(1000, true, 0, 50, 50)).toBe(20);
    expect(pageCount(1000, true, 950, 50, 50)).toBe(21);
    expect(pageCount(1050, true, 1000, 50, 50)).toBe(22);
  });
});
