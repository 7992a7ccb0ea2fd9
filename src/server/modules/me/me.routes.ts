import { Hono } from 'hono';
import { signedIn } from '../../auth/session';
import type { UserEnv } from '../../types';
import { getMe } from './me.service';

export const meRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await getMe(c.var.db, c.var.user)));
