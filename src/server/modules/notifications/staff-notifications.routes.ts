import { Hono } from 'hono';
import { listNotificationsQuery, NOTIFICATION_MESSAGES } from '../../../shared/schemas/notifications';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { queryOf } from '../../validate';
import * as service from './staff-notifications.service';

/** The bell: `/api/notifications`, the signed-in member's own in their current workspace. */
export const staffNotificationsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listNotificationsQuery), async (c) =>
    c.json(await service.listNotifications(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/read-all', async (c) => {
    await service.markAllNotificationsRead(c.var.db, c.var.member);
    return c.body(null, 204);
  })
  .post('/:id/read', async (c) => {
    await service.markNotificationRead(c.var.db, c.var.member, uuidParam(c, 'id', NOTIFICATION_MESSAGES.notFound));
    return c.body(null, 204);
  });
