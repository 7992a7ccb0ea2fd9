import { Hono } from 'hono';
import { inWorkspace } from '../../auth/session';
import type { MemberEnv } from '../../types';
import { getDashboard } from './dashboard.service';

export const dashboardRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await getDashboard(c.var.db, c.var.member)));
