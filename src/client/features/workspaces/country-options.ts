import { countryName, isCountryCode } from '../../../shared/locale';

// Business settings' list of countries: loaded with that page only, not with every page that
// formats a date.

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
