// Money travels as integer cents in TypeScript and as numeric(12,2) in the database.

/** Parses a decimal string such as "12.5", "-3.07" or "40" into integer cents. */
export function parseCents(value: string): number {
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value.trim());
  if (!match) throw new Error(`Not a money amount: ${value}`);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** Formats integer cents as a plain decimal string, "1234" → "12.34". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const abs = Math.abs(cents);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return cents < 0 ? `-${text}` : text;
}

/** "$12.34" for display. */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  const text = centsToDecimal(Math.abs(cents)).replace(/\B(?=(\d{3})+(?!\d)\.)/g, ',');
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/** Rounds a fraction of an amount to the nearest cent (half away from zero). */
export function percentOf(cents: number, basisPoints: number): number {
  return Math.round((cents * basisPoints) / 10000);
}
