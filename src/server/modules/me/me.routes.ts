import { Hono } from 'hono';
import { setPasswordRequest, updateProfileInput } from '../../../shared/schemas/profiles';
import { signedIn } from '../../auth/session';
import { parseBody } from '../../http';
import type { UserEnv } from '../../types';
import { getMe, setOwnPassword, updateProfile } from './me.service';

export const meRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await getMe(c.var.db, c.var.user)))
  .patch('/profile', async (c) => {
    const input = await parseBody(c, updateProfileInput);
    return c.json(await updateProfile(c.var.db, c.var.user, input));
  })
  .post('/password', async (c) => {
    const input = await parseBody(c, setPasswordRequest);
    await setOwnPassword(c.var.db, c.var.auth, c.var.user, c.req.raw.headers, input);
    return c.body(null, 204);
  });
