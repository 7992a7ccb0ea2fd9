import { Hono, type Context } from 'hono';
import { invitationToken, WORKSPACE_MESSAGES } from '../../../shared/schemas/workspaces';
import { requireUser, signedIn } from '../../auth/session';
import { notFound } from '../../errors';
import { uuidParam } from '../../http';
import type { AppEnv, UserEnv } from '../../types';
import { invitationsService as service } from '../workspaces';

const invitationId = (c: Context) => uuidParam(c, 'id', WORKSPACE_MESSAGES.invitationNotFound);

/** The secret of an e-mailed link; anything not shaped like one is simply not found. */
function linkToken(c: Context): string {
  const parsed = invitationToken.safeParse(c.req.param('token'));
  if (!parsed.success) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
  return parsed.data;
}

/**
 * `/api/invitations/by-token/{token}`: the e-mailed link's page. Whoever holds the link may read
 * the invitation and decline it; accepting needs the account with the invited address. The
 * token is a secret: these paths are kept out of the request log.
 */
const byTokenRoutes = new Hono<AppEnv>()
  .get('/:token', async (c) => c.json(await service.getByToken(c.var.db, linkToken(c))))
  .post('/:token/accept', async (c) => {
    const token = linkToken(c);
    return c.json(await service.acceptByToken(c.var.db, requireUser(c.var.actor), token));
  })
  .post('/:token/decline', async (c) => {
    await service.declineByToken(c.var.db, linkToken(c));
    return c.body(null, 204);
  });

/** The signed-in user's invitations to join workspaces: see, accept, decline. */
const mineRoutes = new Hono<UserEnv>()
  .use('/', signedIn)
  .use('/:id/accept', signedIn)
  .use('/:id/decline', signedIn)
  .get('/', async (c) => c.json({ items: await service.listMine(c.var.db, c.var.user) }))
  .post('/:id/accept', async (c) => c.json(await service.accept(c.var.db, c.var.user, invitationId(c))))
  .post('/:id/decline', async (c) => {
    await service.decline(c.var.db, c.var.user, invitationId(c));
    return c.body(null, 204);
  });

export const invitationsRoutes = new Hono<AppEnv>().route('/by-token', byTokenRoutes).route('/', mineRoutes);
