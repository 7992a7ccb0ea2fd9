import { Hono } from 'hono';
import { signedIn } from '../../auth/session';
import type { UserEnv } from '../../types';
import { runTestDbQueries } from './test-db.service';

/** `GET /api/test-db`: the debug page's five queries, scoped to the signed-in user. */
export const testDbRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await runTestDbQueries(c.var.db, c.var.user)));
