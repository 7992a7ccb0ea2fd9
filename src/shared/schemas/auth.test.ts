import { safeParse } from 'zod/v4/core';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './errors';
import { signInInput, signUpInput, signUpRequest } from './auth';

const errorsOf = (schema: Parameters<typeof safeParse>[0], value: unknown) => {
  const result = safeParse(schema, value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('auth schemas (spec §5)', () => {
  it('requires a valid e-mail and a password to sign in', () => {
    expect(errorsOf(signInInput, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(signInInput, { email: 'not-an-email', password: 'x' }).email).toBe(
      'Please enter a valid email address',
    );
    expect(errorsOf(signInInput, { email: ' a@b.co ', password: 'x' })).toEqual({});
  });

  it('needs six characters and a matching confirmation to sign up', () => {
    expect(errorsOf(signUpInput, { email: 'a@b.co', password: 'short', confirmPassword: 'other' })).toEqual({
      password: 'Password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(errorsOf(signUpInput, { email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' })).toEqual({});
  });

  it('refuses the reserved /auth-test address', () => {
    expect(errorsOf(signUpRequest, { email: 'AUTH-TEST@rounds.invalid', password: 'secret1' }).email).toBe(
      'This e-mail address is reserved',
    );
  });
});
