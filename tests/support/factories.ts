import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccountRole } from '../../src/shared/constants';
import { users } from '../../src/server/db/schema';
import type { TestApp } from './test-app';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  /** The Cookie header that makes a request come from this user. */
  cookie: string;
}

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Signs a user up through better-auth's server API (no HTTP rate limit) and returns their cookie. */
export async function createUser(
  t: TestApp,
  options: { email?: string; password?: string; name?: string; role?: AccountRole } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? 'password123';
  const { headers, response } = await t.auth.api.signUpEmail({
    body: { email, password, name: options.name ?? '' },
    returnHeaders: true,
  });
  const cookie = sessionCookie(headers.get('set-cookie'));
  if (options.role && options.role !== 'customer') {
    await t.db.update(users).set({ role: options.role }).where(eq(users.id, response.user.id));
  }
  return { id: response.user.id, email, password, cookie };
}

/** Turns Set-Cookie headers into the Cookie header a browser would send back. */
export function sessionCookie(setCookie: string | null): string {
  if (!setCookie) throw new Error('No Set-Cookie header');
  return setCookie
    .split(/,(?=\s*[\w.-]+=)/)
    .map((part) => part.split(';')[0]?.trim())
    .filter((pair): pair is string => Boolean(pair) && !pair!.endsWith('='))
    .join('; ');
}
