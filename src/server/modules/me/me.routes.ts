import { Hono } from 'hono';
import { setPasswordRequest, updateProfileInput } from '../../../shared/schemas/profiles';
import { refuseCommonPassword } from '../../auth/common-passwords';
import { signedIn } from '../../auth/session';
import { uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { jsonBody } from '../../validate';
import type { Member } from '../../access';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { chooseWorkspaceInput } from '../../../shared/schemas/workspaces';
import { chooseDefaultWorkspace, keepWorkspace, listBeforeClaim } from '../workspaces';
import { getMe, setOwnPassword, updateProfile } from './me.service';

/** Choosing a workspace acts as its member: an idempotent replay checks that membership again. */
type MeEnv = { Variables: UserEnv['Variables'] & { member?: Member } };

export const meRoutes = new Hono<MeEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await getMe(c.var.db, c.var.user, c.req.header(WORKSPACE_HEADER) ?? null)))
  // Where requests without X-Workspace go (the switcher sets it with the tab's choice).
  .put('/workspace', jsonBody(chooseWorkspaceInput), async (c) => {
    const { workspaceId } = c.req.valid('json');
    c.set('member', await chooseDefaultWorkspace(c.var.db, c.var.user, workspaceId));
    return c.body(null, 204);
  })
  // The workspaces the account owned when its address was claimed from an unproven sign-up.
  .get('/before-claim', async (c) => c.json(await listBeforeClaim(c.var.db, c.var.user)))
  .delete('/before-claim/:id', async (c) => {
    await keepWorkspace(c.var.db, c.var.user, uuidParam(c, 'id', WORKSPACE_MESSAGES.notFound));
    return c.body(null, 204);
  })
  .patch('/profile', jsonBody(updateProfileInput), async (c) =>
    c.json(await updateProfile(c.var.db, c.var.user, c.req.valid('json'))),
  )
  .post('/password', jsonBody(setPasswordRequest), async (c) => {
    const input = c.req.valid('json');
    await refuseCommonPassword(input.newPassword, 'newPassword');
    await setOwnPassword(c.var.db, c.var.auth, c.var.user, c.req.raw.headers, input);
    return c.body(null, 204);
  });
