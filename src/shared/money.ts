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

/** A percentage (in basis points) of a non-negative amount, rounded half up to the cent, in integers. */
export function percentOf(cents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new Error(`Not a non-negative number of cents: ${cents}`);
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

/**
 * A dollars field of a form ("12.5", "40", "") into integer cents; blank is null.
 * Throws on anything that is not a non-negative amount with at most two decimals.
 */
export function dollarsToCents(text: string): number | null {
  const value = text.trim();
  if (value === '') return null;
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(value)) throw new Error(`Not a dollar amount: ${text}`);
  return parseCents(`0${value.endsWith('.') ? value.slice(0, -1) : value}`);
}

/** Integer cents (or null) into the text a dollars field shows: 1250 → "12.50", null → "". */
export function centsToDollarsInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : centsToDecimal(cents);
}

/** An invoice's discount, an amount in cents or a percent in basis points of its subtotal. */
export interface Discount {
  kind: 'amount' | 'percent';
  value: number;
}

/** 'Discount (10%)' or 'Discount': how an invoice names its discount. */
export const discountLabel = (discount: Discount) =>
  discount.kind === 'percent' ? `Discount (${formatPercent(discount.value)})` : 'Discount';

/** An extra line's amount, its quantity times its unit price. */
export const itemAmount = (item: { quantity: number; unitPrice: number }) => item.quantity * item.unitPrice;

/**
 * An invoice's amounts, in integer cents, by one rule written once (spec §9):
 * - subtotal: the billed tasks and the extra lines (quantity × unit price), as given;
 * - discount: an amount, never more than the subtotal; or a percent of the subtotal, rounded half up to the cent;
 * - tax: the invoice's rate of what is left after the discount, rounded half up to the cent;
 * - total: subtotal − discount + tax.
 * Each rounding happens once, on a whole amount, so the parts always add up to the total.
 */
export function invoiceAmounts(subtotal: number, taxBasisPoints: number, discount: Discount | null = null) {
  const discountAmount = !discount
    ? 0
    : discount.kind === 'amount'
      ? Math.min(discount.value, subtotal)
      : Math.min(percentOf(subtotal, discount.value), subtotal);
  const taxAmount = percentOf(subtotal - discountAmount, taxBasisPoints);
  return { subtotal, discountAmount, taxAmount, total: subtotal - discountAmount + taxAmount };
}

/** A rate in basis points as people write it: 800 → "8%", 825 → "8.25%". */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
