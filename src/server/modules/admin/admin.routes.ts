import { Hono } from 'hono';
import { ADMIN_MESSAGES, adminUsersQuery, updateUserRoleInput } from '../../../shared/schemas/admin';
import { adminOnly } from '../../auth/session';
import { uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import { getUser, listUsers, updateUserRole } from './admin.service';

/** `/api/admin/users`: admins only (403 for everyone else, 401 when signed out). */
export const adminUsersRoutes = new Hono<UserEnv>()
  .use(adminOnly)
  .get('/', queryOf(adminUsersQuery), async (c) => c.json(await listUsers(c.var.db, c.req.valid('query'))))
  .get('/:id', async (c) => c.json(await getUser(c.var.db, userId(c))))
  .patch('/:id', uuidParams({ id: ADMIN_MESSAGES.userNotFound }), jsonBody(updateUserRoleInput), async (c) =>
    c.json(await updateUserRole(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json').role)),
  );

const userId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', ADMIN_MESSAGES.userNotFound);
