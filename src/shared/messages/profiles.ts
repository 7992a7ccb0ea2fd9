// spec §8: the profiles messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/profiles.ts uses and re-exports them.

export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  profileCreatedRedirecting: 'Profile created successfully! Redirecting...',
  profileUpdatedRedirecting: 'Profile updated successfully! Redirecting...',
  displayNameRequired: 'Display name is required',
  secondaryNotFound: 'Profile not found',
  loadProfilesFailed: 'Failed to load profiles',
  loadProfileFailed: 'Failed to load profile',
  deleteFailed: 'Failed to delete profile',
  saveFailed: 'Failed to save profile',
  passwordChanged: 'Password changed. Other sessions were signed out.',
  passwordSet: 'Password set. You can now sign in with your e-mail and password.',
  passwordAlreadySet: 'This account already has a password; change it instead.',
  currentPasswordWrong: 'Current password is incorrect',
} as const;
