import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { optionalName, optionalText, tooLong } from './common';
import { oneLine } from '../text';
import { password } from './auth';
import { PROFILE_MESSAGES } from '../messages/profiles';

// spec §2 (My Profile, Secondary profiles), §5 and §8: profile inputs and their messages.

/** An optional e-mail field: blank becomes null, anything else must look like an address. */
const optionalEmail = optionalText(TEXT_LIMITS.email, 'Email').refine(
  (value) => value === null || z.email().safeParse(value).success,
  'Please enter a valid email address',
);

/** `PATCH /api/me/profile`: the own profile (spec §5: required fields not shown, so none are). */
export const updateProfileInput = z.object({
  displayName: optionalName(TEXT_LIMITS.name, 'Display name'),
  companyName: optionalText(TEXT_LIMITS.company, 'Company name'),
  phone: optionalText(TEXT_LIMITS.phone, 'Phone'),
});
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** `POST /api/auth/change-password` (better-auth), checked with the sign-up rules first. */
export const changePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});

/** The Change Password form: the request plus a matching confirmation. */
export const changePasswordInput = changePasswordRequest
  .omit({ revokeOtherSessions: true })
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** `POST /api/me/password`: an account without a password (signed up with Google) sets one. */
export const setPasswordRequest = z.object({ newPassword: password });

export const setPasswordInput = setPasswordRequest
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** Create and update of a secondary profile (spec §5: display name required, non-blank after trimming). */
export const secondaryProfileInput = z.object({
  displayName: z
    .string({ error: PROFILE_MESSAGES.displayNameRequired })
    .overwrite(oneLine)
    .trim()
    .min(1, PROFILE_MESSAGES.displayNameRequired)
    .max(TEXT_LIMITS.name, tooLong('Display name', TEXT_LIMITS.name)),
  companyName: optionalText(TEXT_LIMITS.company, 'Company name'),
  email: optionalEmail,
  phone: optionalText(TEXT_LIMITS.phone, 'Phone'),
});
export type SecondaryProfileInput = z.input<typeof secondaryProfileInput>;

export const secondaryProfilesQuery = z.object({
  q: z.string().trim().max(200).optional(),
});

export { PROFILE_MESSAGES };
