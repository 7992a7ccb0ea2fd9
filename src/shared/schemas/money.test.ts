import { describe, expect, it } from 'vitest';
import { cents, dollarsField } from './money';

const message = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the money schema', () => {
  it('takes whole cents on the API and refuses fractions, strings and negatives', () => {
    expect(cents.parse(1234)).toBe(1234);
    expect(message(cents.safeParse(1234.5))).toBe('Price must be a whole number of cents');
    expect(message(cents.safeParse('12.345'))).toBe('Price must be a whole number of cents');
    expect(message(cents.safeParse(-1))).toBe('Price must be 0 or more');
    expect(message(cents.safeParse(100_000_000_000))).toBe('Price is too large');
  });

  it('turns a dollars field into cents, blank into null', () => {
    expect(dollarsField.parse('12.5')).toBe(1250);
    expect(dollarsField.parse(' 40 ')).toBe(4000);
    expect(dollarsField.parse('.07')).toBe(7);
    expect(dollarsField.parse('3.')).toBe(300);
    expect(dollarsField.parse('')).toBeNull();
  });

  it('refuses more than two decimals with its own message instead of rounding', () => {
    expect(message(dollarsField.safeParse('12.345'))).toBe('Price can have at most two decimals');
    expect(message(dollarsField.safeParse('0.001'))).toBe('Price can have at most two decimals');
    expect(message(dollarsField.safeParse('-2'))).toBe('Price must be 0 or more');
    expect(message(dollarsField.safeParse('12,50'))).toBe('Price must be an amount such as 12.50');
    expect(message(dollarsField.safeParse('1e3'))).toBe('Price must be an amount such as 12.50');
    expect(message(dollarsField.safeParse('.'))).toBe('Price must be an amount such as 12.50');
  });
});
