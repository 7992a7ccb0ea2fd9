// zod/mini: this file is all /login and /signup load of zod (keeps the first load small).
// Other areas' schemas use classic zod; don't import them from here. The role enum is in roles.ts.
import * as z from 'zod/mini';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../constants';
import { IDENTITY_MESSAGES } from '../messages/identity';

// spec §5 and §8: sign-in and sign-up rules and their messages.
const email = z
  .string()
  .check(z.trim(), z.minLength(1, 'Email is required'), z.email('Please enter a valid email address'));

export const signInInput = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Password is required')),
});
export type SignInInput = z.infer<typeof signInInput>;

export const password = z.string().check(
  z.minLength(1, 'Password is required'),
  z.minLength(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`),
  z.maxLength(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  // The list of common passwords is checked by the server only (too big for a page).
  z.refine((value) => value.length === 0 || value.trim().length > 0, IDENTITY_MESSAGES.passwordOnlySpaces),
);

/** /auth-test signs in with this throwaway credential; no account may ever have it. */
export const AUTH_TEST_CREDENTIAL = { email: 'auth-test@rounds.invalid', password: 'auth-test-throwaway' } as const;

/** A person's name as better-auth keeps it (the profile's display name starts from it). */
const name = z.optional(z.string().check(z.maxLength(100, 'Name must be at most 100 characters')));

/** What the server accepts on sign-up (the confirmation never leaves the browser). */
export const signUpRequest = z.object({
  email: email.check(
    z.maxLength(254, 'Email must be at most 254 characters'),
    z.refine((value) => value.toLowerCase() !== AUTH_TEST_CREDENTIAL.email, 'This e-mail address is reserved'),
  ),
  password,
  name,
});

/**
 * Sign-up on an invitation's page: a name and a password; the address is the invited one, fixed.
 * (What is sent is `signUpRequest`, with that address.)
 */
export const joinByInvitationInput = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters')),
  password,
});

/** better-auth's `POST /api/auth/update-user`: the same caps (the role can never be set there). */
export const updateUserRequest = z.object({
  name,
  image: z.optional(z.nullable(z.string().check(z.maxLength(2000, 'Image must be at most 2,000 characters')))),
});

/** The sign-up form: the request plus a matching confirmation. */
export const signUpInput = z
  .extend(signUpRequest, { confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')) })
  .check(
    z.refine((value) => value.password === value.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  );
export type SignUpInput = z.infer<typeof signUpInput>;

/** 'Forgot password?': the form. */
export const forgotPasswordInput = z.object({ email });

/** Where a link may lead after it is followed: a page of this site ('/…', never '//…' or '/\\…'). */
const sitePath = z
  .string()
  .check(z.maxLength(200, 'The page is too long'), z.regex(/^\/(?![/\\])/, 'The page must be on this site'));

/** better-auth's `POST /api/auth/request-password-reset` (a fixed shape: `{ email, redirectTo }`). */
export const requestPasswordResetRequest = z.object({ email, redirectTo: z.optional(sitePath) });

/** better-auth's `POST /api/auth/send-verification-email` ('Resend' on the banner). */
export const sendVerificationEmailRequest = z.object({ email, callbackURL: z.optional(sitePath) });

/** better-auth's `POST /api/auth/reset-password`: the e-mailed token and the new password (sign-up rules). */
export const resetPasswordRequest = z.object({
  newPassword: password,
  token: z.string().check(z.minLength(1, 'The link has no token')),
});

/** The /reset-password form: the new password and its confirmation. */
export const resetPasswordInput = z
  .object({
    newPassword: password,
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, {
      message: 'Passwords do not match',
      path: ['confirmPassword'],
    }),
  );

export { AUTH_MESSAGES } from '../auth-messages';
