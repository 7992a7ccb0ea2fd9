import { Hono, type Context } from 'hono';
import { WORKSPACE_MESSAGES } from '../../../shared/schemas/workspaces';
import { signedIn } from '../../auth/session';
import { uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { invitationsService as service } from '../workspaces';

const invitationId = (c: Context) => uuidParam(c, 'id', WORKSPACE_MESSAGES.invitationNotFound);

/** The signed-in user's invitations to join workspaces: see, accept, decline (issues 23 and 24). */
export const invitationsRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json({ items: await service.listMine(c.var.db, c.var.user) }))
  .post('/:id/accept', async (c) => c.json(await service.accept(c.var.db, c.var.user, invitationId(c))))
  .post('/:id/decline', async (c) => {
    await service.decline(c.var.db, c.var.user, invitationId(c));
    return c.body(null, 204);
  });
