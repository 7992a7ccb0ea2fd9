import { describe, expect, it } from 'vitest';
import { formatsFor } from '../formats';
import { createInvoiceInput, invoiceInputsFor, type updateInvoiceInput } from './invoices';

const tooMuch = { description: 'Big', quantity: 10000, unitPrice: 99_999_999_999 };
const lineMessage = (schema: typeof createInvoiceInput | typeof updateInvoiceInput, body: object) => {
  const result = schema.safeParse(body);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe("the amount cap's message names the cap as the business writes it", () => {
  it('a US business (and the API contract) reads the text it always had', () => {
    const us = invoiceInputsFor(formatsFor({ locale: 'en-US', currency: 'USD', timeZone: 'America/Chicago' }));
    expect(us.create).toBe(createInvoiceInput);
    expect(lineMessage(createInvoiceInput, { propertyId: crypto.randomUUID(), items: [tooMuch] })).toEqual([
      'A line’s amount (quantity × unit price) must be at most $999,999,999.99',
    ]);
  });

  it('a German business reads euros, the British pounds; one schema per cap', () => {
    const german = invoiceInputsFor(formatsFor({ locale: 'de-DE', currency: 'EUR', timeZone: 'Europe/Berlin' }));
    expect(lineMessage(german.update, { items: [tooMuch] })).toEqual([
      'A line’s amount (quantity × unit price) must be at most 999.999.999,99\u00a0€',
    ]);
    const british = invoiceInputsFor(formatsFor({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' }));
    expect(lineMessage(british.create, { propertyId: crypto.randomUUID(), items: [tooMuch] })).toEqual([
      'A line’s amount (quantity × unit price) must be at most £999,999,999.99',
    ]);
    expect(invoiceInputsFor(formatsFor({ locale: 'de-DE', currency: 'EUR', timeZone: 'UTC' }))).toBe(german);
  });
});
