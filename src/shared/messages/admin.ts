// spec §8: the admin messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/admin.ts uses and re-exports them.

export const ADMIN_MESSAGES = {
  userNotFound: 'User not found',
  roleUpdated: 'User role updated successfully!',
  roleUpdateFailed: 'Error updating user role. Please try again.',
  lastAdmin: 'The last admin cannot be demoted; make another user an admin first.',
  adminsOnly: 'Admins only',
} as const;
