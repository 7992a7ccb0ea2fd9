import { Hono } from 'hono';
import { ADMIN_MESSAGES, adminUsersQuery, updateUserRoleInput } from '../../../shared/schemas/admin';
import { adminOnly } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { getUser, listUsers, updateUserRole } from './admin.service';

/** `/api/admin/users`: admins only (403 for everyone else, 401 when signed out). */
export const adminUsersRoutes = new Hono<UserEnv>()
  .use(adminOnly)
  .get('/', async (c) => c.json(await listUsers(c.var.db, parseQuery(c, adminUsersQuery))))
  .get('/:id', async (c) => c.json(await getUser(c.var.db, uuidParam(c, 'id', ADMIN_MESSAGES.userNotFound))))
  .patch('/:id', async (c) => {
    const id = uuidParam(c, 'id', ADMIN_MESSAGES.userNotFound);
    const { role } = await parseBody(c, updateUserRoleInput);
    return c.json(await updateUserRole(c.var.db, c.var.user, id, role));
  });
