import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AccountRole } from '../../shared/constants';
import { AUTH_MESSAGES } from '../../shared/schemas/auth';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '../../shared/messages/workspaces';
import { resolveMember } from '../access/member';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { preparedPerHandle } from '../db/sql';
import { AppError, forbidden, notFound } from '../errors';
import type { AppEnv, MemberEnv } from '../types';
import { isAdmin, type Actor } from './actor';
import type { Auth } from './auth';

/**
 * Resolves the session cookie into `c.var.actor` (null when signed out).
 *
 * The common case, a valid cookie whose session needs no refresh, is read here: the cookie's
 * HMAC is checked with node:crypto and the session and its user come from one prepared
 * query. Everything else (an expired session, one due for refresh) goes through
 * better-auth's own getSession, so its rules stay the only rules. Revocation is unchanged:
 * every request still reads the session row.
 */
export const loadActor = createMiddleware<AppEnv>(async (c, next) => {
  // c.get, not c.var: Hono's `var` copies every variable into a new object on each read.
  c.set('actor', await readActor(c.get('auth'), c.get('db'), c.req.raw.headers));
  await next();
});

/** The signed-in user of a request's session cookie, or null (also used for the pages' frames, page-frame.ts). */
export async function readActor(auth: Auth, db: Database, headers: Headers): Promise<Actor | null> {
  const settings = await sessionSettings(auth);
  const token = signedSessionToken(headers.get('cookie'), settings);
  if (token === null) return null;
  const [row] = await sessionQuery(db).execute({ token });
  if (!row) return null;
  const now = Date.now();
  const expiresAt = row.expiresAt.getTime();
  const refreshDue = expiresAt - settings.expiresInMs + settings.updateAgeMs <= now;
  if (expiresAt > now && !refreshDue) {
    return { id: row.id, email: row.email, role: row.role, emailVerified: row.emailVerified };
  }
  const result = await auth.api.getSession({ headers });
  return result
    ? {
        id: result.user.id,
        email: result.user.email,
        role: (result.user.role ?? 'customer') as AccountRole,
        emailVerified: result.user.emailVerified,
      }
    : null;
}

interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsByAuth = new WeakMap<Auth, Promise<SessionSettings>>();

/** better-auth's own cookie name, secret and session ages, read once per auth instance. */
function sessionSettings(auth: Auth): Promise<SessionSettings> {
  let settings = settingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    settingsByAuth.set(auth, settings);
  }
  return settings;
}

/**
 * The session token of the signed session cookie, or null when there is none or its
 * signature is wrong. The cookie is `token.base64(HMAC-SHA256(secret, token))`, URL-encoded,
 * as better-call signs it.
 */
export function signedSessionToken(
  cookieHeader: string | null,
  settings: Pick<SessionSettings, 'cookieName' | 'secret'>,
): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== settings.cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(equals + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', settings.secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }
  return null;
}

function prepareSessionQuery(db: Database) {
  return db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token');
}

const sessionQuery = preparedPerHandle(prepareSessionQuery);

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
  c.set('user', requireUser(c.get('actor')));
  await next();
});

export const adminOnly = createMiddleware<AppEnv & { Variables: { user: Actor } }>(async (c, next) => {
  c.set('user', requireAdmin(c.get('actor')));
  await next();
});

/**
 * The workspace each request's `member` was made for. Two routers mounted on one path (the
 * client pages' and their portal section's, under `/api/clients`) both make it; the second
 * asking for the same workspace reuses it rather than query the membership again.
 */
const memberMadeFor = new WeakMap<Context, string | null>();

/** A middleware that makes the request's `member`: the signed-in user inside the workspace `pick` names. */
const asMemberOf = (pick: (c: Context<MemberEnv>) => string | null) =>
  createMiddleware<MemberEnv>(async (c, next) => {
    const requested = pick(c);
    // Absent, it is undefined: never a workspace id, nor null (the default workspace).
    if (memberMadeFor.get(c) === requested) return next();
    const user = requireUser(c.get('actor'));
    const { member, refused } = await resolveMember(c.get('db'), user, requested);
    if (refused) throw notFound(WORKSPACE_MESSAGES.notFound);
    if (!member) throw forbidden(WORKSPACE_MESSAGES.noWorkspace);
    c.set('user', user);
    c.set('member', member);
    memberMadeFor.set(c, requested);
    await next();
  });

/**
 * Middleware for routers of business data: a signed-in user inside the workspace the
 * request names (`X-Workspace`), else their default one. A workspace that is not theirs: 404.
 */
export const inWorkspace = asMemberOf((c) => c.req.header(WORKSPACE_HEADER) ?? null);

/** `/api/workspaces/{id}/…`: the workspace of the path, whatever the header says. */
export const inPathWorkspace = asMemberOf((c) => c.req.param('id') ?? null);
