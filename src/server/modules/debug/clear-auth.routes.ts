import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { AppEnv } from '../../types';

/**
 * /clear-auth's server half: the session cookies are HttpOnly, so only the server
 * can remove them. Revokes the session if it still exists, then expires every
 * better-auth cookie the browser sent. Always answers 204.
 */
export const clearAuthRoutes = new Hono<AppEnv>().post('/', async (c) => {
  await c.var.auth.api.signOut({ headers: c.req.raw.headers }).catch(() => undefined);
  for (const name of Object.keys(getCookie(c))) {
    if (name.startsWith('better-auth.')) deleteCookie(c, name, { path: '/' });
    if (name.startsWith('__Secure-better-auth.')) deleteCookie(c, name, { path: '/', secure: true });
  }
  return c.body(null, 204);
});
