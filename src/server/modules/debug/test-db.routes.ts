import { Hono } from 'hono';
import { inWorkspace } from '../../auth/session';
import type { MemberEnv } from '../../types';
import { runTestDbQueries } from './test-db.service';

/** `GET /api/test-db`: the debug page's five queries, scoped to the signed-in user. */
export const testDbRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await runTestDbQueries(c.var.db, c.var.member)));
