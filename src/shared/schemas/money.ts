import { z } from 'zod';
import { dollarsToCents } from '../money';
import { MONEY_MESSAGES } from '../messages/money';

// One money schema for every price on the API and in every form. The API speaks integer
// cents (the database numeric(12,2)); forms take dollars and never round what was typed.

/** numeric(12,2) holds less than 10^10 dollars. */
export const MAX_CENTS = 99_999_999_999;

/** A price on the API: a whole number of cents, 0 or more. A string or a fraction is a 400. */
export const cents = z
  .number({ error: MONEY_MESSAGES.wholeCents })
  .int(MONEY_MESSAGES.wholeCents)
  .min(0, MONEY_MESSAGES.notNegative)
  .max(MAX_CENTS, MONEY_MESSAGES.tooLarge);

/** An optional price: omitted or null means none. */
export const optionalCents = cents.nullish().transform((value) => value ?? null);

/**
 * A dollars field of a form ("12.5", "40", "") into cents; blank is null. More than two
 * decimals is refused with a message of its own rather than rounded.
 */
export const dollarsField = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (value === '') return;
    const message = value.startsWith('-')
      ? MONEY_MESSAGES.notNegative
      : !/^(\d+\.?\d*|\.\d+)$/.test(value)
        ? MONEY_MESSAGES.notAnAmount
        : (value.split('.')[1]?.length ?? 0) > 2
          ? MONEY_MESSAGES.twoDecimals
          : null;
    if (message) context.addIssue({ code: 'custom', message });
  })
  .transform((value) => dollarsToCents(value))
  .pipe(cents.nullable());

export { MONEY_MESSAGES };
