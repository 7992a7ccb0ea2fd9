import { describe, expect, it } from 'vitest';
import { isCountryCode } from '../../../shared/locale';
import { countryOptions } from './country-options';

describe('the countries Business settings offers', () => {
  it('lists the countries by name, not the groupings of them', () => {
    const options = countryOptions();
    expect(options).toContainEqual({ value: 'AU', label: 'Australia' });
    expect(options).toContainEqual({ value: 'US', label: 'United States' });
    expect(options.map((option) => option.value)).not.toContain('EU');
    expect(options.map((option) => option.value)).not.toContain('UN');
    expect(options.every((option) => isCountryCode(option.value))).toBe(true);
    expect(options.length).toBeGreaterThan(200);
  });
});
