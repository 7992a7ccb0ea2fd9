import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  centsToDollarsInput,
  dollarsToCents,
  invoiceAmounts,
  itemAmount,
  parseCents,
  percentOf,
} from './money';

describe('money', () => {
  it('parses decimal strings into cents without floating point', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('40')).toBe(4000);
    expect(parseCents('-3.07')).toBe(-307);
    expect(() => parseCents('abc')).toThrow();
  });

  it('formats cents back to decimals', () => {
    expect(centsToDecimal(1234)).toBe('12.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-307)).toBe('-3.07');
  });

  it('takes 8 % of a subtotal to the nearest cent', () => {
    expect(percentOf(10000, 800)).toBe(800);
    expect(percentOf(1999, 800)).toBe(160);
    expect(percentOf(1234, 800)).toBe(99);
    expect(percentOf(1875, 800)).toBe(150);
    expect(percentOf(6, 800)).toBe(0);
    expect(percentOf(7, 800)).toBe(1);
    expect(percentOf(50, 100)).toBe(1); // half up
  });

  it('turns a dollars field into cents, blank into null, and back', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' 40 ')).toBe(4000);
    expect(dollarsToCents('0.07')).toBe(7);
    expect(dollarsToCents('3.')).toBe(300);
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('   ')).toBeNull();
    expect(() => dollarsToCents('-1')).toThrow();
    expect(() => dollarsToCents('1.234')).toThrow();
    expect(() => dollarsToCents('abc')).toThrow();
    expect(centsToDollarsInput(1250)).toBe('12.50');
    expect(centsToDollarsInput(null)).toBe('');
  });
});

describe('invoiceAmounts (lines, a discount and tax, in integer cents)', () => {
  it('without a discount: tax half up on the subtotal', () => {
    expect(invoiceAmounts(12345, 800)).toEqual({ subtotal: 12345, discountAmount: 0, taxAmount: 988, total: 13333 });
  });

  it('a percent discount rounds half up, then tax is taken of what is left, rounded half up again', () => {
    // 10 % of $12.35 = 123.5 cents → 124; left 1111; 8 % = 88.88 → 89; total 1200.
    expect(invoiceAmounts(1235, 800, { kind: 'percent', value: 1000 })).toEqual({
      subtotal: 1235,
      discountAmount: 124,
      taxAmount: 89,
      total: 1200,
    });
    // 12.5 % of $0.20 = 2.5 cents → 3; left 17; 8.25 % = 1.4025 → 1.
    expect(invoiceAmounts(20, 825, { kind: 'percent', value: 1250 })).toEqual({
      subtotal: 20,
      discountAmount: 3,
      taxAmount: 1,
      total: 18,
    });
  });

  it('an amount discount is taken as given, never more than the subtotal', () => {
    expect(invoiceAmounts(10000, 800, { kind: 'amount', value: 2500 })).toEqual({
      subtotal: 10000,
      discountAmount: 2500,
      taxAmount: 600,
      total: 8100,
    });
    expect(invoiceAmounts(1000, 800, { kind: 'amount', value: 5000 })).toEqual({
      subtotal: 1000,
      discountAmount: 1000,
      taxAmount: 0,
      total: 0,
    });
  });

  it('the parts always add up to the total', () => {
    for (let subtotal = 0; subtotal < 400; subtotal += 7) {
      for (const discount of [
        null,
        { kind: 'percent' as const, value: 1550 },
        { kind: 'amount' as const, value: 33 },
      ]) {
        const amounts = invoiceAmounts(subtotal, 875, discount);
        expect(amounts.total).toBe(amounts.subtotal - amounts.discountAmount + amounts.taxAmount);
        expect(amounts.discountAmount).toBeLessThanOrEqual(subtotal);
      }
    }
  });

  it('an extra line is its quantity times its unit price', () => {
    expect(itemAmount({ quantity: 3, unitPrice: 1999 })).toBe(5997);
  });
});
