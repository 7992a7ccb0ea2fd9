import { Hono } from 'hono';
import type { AppEnv } from '../../types';

/** What /auth-test shows about the server: its URL and which settings are present, never their values. */
export const authTestRoutes = new Hono<AppEnv>().get('/config', (c) => {
  const { config } = c.var;
  return c.json({
    backendUrl: config.publicUrl,
    settings: Object.entries(config.presentSettings).map(([name, present]) => ({ name, present })),
  });
});
