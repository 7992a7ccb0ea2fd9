import { Hono } from 'hono';
import { pingDatabase } from '../../db/client';
import type { AppEnv } from '../../types';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const up = await pingDatabase(c.var.db);
  return up ? c.json({ status: 'ok', database: 'ok' }) : c.json({ status: 'error', database: 'unavailable' }, 503);
});
