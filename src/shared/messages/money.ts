// spec §8: the money messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/money.ts uses and re-exports them.

export const MONEY_MESSAGES = {
  wholeCents: 'Price must be a whole number of cents',
  notNegative: 'Price must be 0 or more',
  tooLarge: 'Price is too large',
  notAnAmount: 'Price must be an amount such as 12.50',
  twoDecimals: 'Price can have at most two decimals',
} as const;
