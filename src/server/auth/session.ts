import { createMiddleware } from 'hono/factory';
import type { AccountRole } from '../../shared/constants';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import { AppError } from '../errors';
import type { AppEnv } from '../types';
import { isAdmin, type Actor } from './actor';

/** Resolves the session cookie into `c.var.actor` (null when signed out). */
export const loadActor = createMiddleware<AppEnv>(async (c, next) => {
  const result = await c.var.auth.api.getSession({ headers: c.req.raw.headers });
  c.set(
    'actor',
    result
      ? { id: result.user.id, email: result.user.email, role: (result.user.role ?? 'customer') as AccountRole }
      : null,
  );
  await next();
});

/** The actor of a route behind sign-in; 401 'Not authenticated' otherwise. */
export function requireUser(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notAuthenticated);
  return actor;
}

export function requireAdmin(actor: Actor | null): Actor {
  const user = requireUser(actor);
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', 'Admins only');
  return user;
}

/** Middleware form for routers whose every route needs a signed-in user. */
export const signedIn = createMiddleware<AppEnv & { Variables: { user: Actor } }>(async (c, next) => {
  c.set('user', requireUser(c.var.actor));
  await next();
});

export const adminOnly = createMiddleware<AppEnv & { Variables: { user: Actor } }>(async (c, next) => {
  c.set('user', requireAdmin(c.var.actor));
  await next();
});
