import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToDollarsInput, dollarsToCents, formatMoney, parseCents, percentOf } from './money';

describe('money', () => {
  it('parses decimal strings into cents without floating point', () => {
    expect(parseCents('12.34')).toBe(1234);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('40')).toBe(4000);
    expect(parseCents('-3.07')).toBe(-307);
    expect(() => parseCents('abc')).toThrow();
  });

  it('formats cents back to decimals and dollars', () => {
    expect(centsToDecimal(1234)).toBe('12.34');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-307)).toBe('-3.07');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(null)).toBe('—');
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
