import { Hono } from 'hono';
import { CLIENT_MESSAGES } from '../../../shared/schemas/clients';
import { clientNotificationsInput } from '../../../shared/schemas/client-messages';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { AppEnv, MemberEnv } from '../../types';
import { jsonBody, uuidParams } from '../../validate';
import * as service from './messages.service';

/** `/api/clients/{id}/notifications` (docs/api.md "Client notifications"): a client's switches and consent record (owners and managers). */
export const clientNotificationRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await service.getClientNotifications(c.var.db, c.var.member, clientId(c))))
  .put('/', uuidParams({ id: CLIENT_MESSAGES.notFound }), jsonBody(clientNotificationsInput), async (c) =>
    c.json(await service.setClientNotifications(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  );

/** `/api/unsubscribe/{token}`: the e-mail's link, without a session (the token is the credential). */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) =>
    c.json(await service.unsubscribeInfo(c.var.db, c.var.config.authSecret, c.req.param('token'))),
  )
  .post('/:token', async (c) =>
    c.json(await service.unsubscribeByLink(c.var.db, c.var.config.authSecret, c.req.param('token'))),
  );

const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', CLIENT_MESSAGES.notFound);
