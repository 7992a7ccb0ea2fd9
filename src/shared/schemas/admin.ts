import { z } from 'zod';
import { accountRole } from './roles';
import { pageQuery } from './common';
import { ADMIN_MESSAGES } from '../messages/admin';

// spec §2 (Admin users), §4 (Role change), §6 and §8.

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** `GET /api/admin/users?q=&role=&limit=&offset=`. */
export const adminUsersQuery = pageQuery.extend({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200).optional()),
  role: z.preprocess(blankToUndefined, accountRole.optional()),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

/** `PATCH /api/admin/users/:id`. */
export const updateUserRoleInput = z.object({ role: accountRole });
export type UpdateUserRoleInput = z.infer<typeof updateUserRoleInput>;

export { ADMIN_MESSAGES };
