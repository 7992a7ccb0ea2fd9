import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clients, photos, profiles, properties, users, workspaces } from '../../src/server/db/schema';
import { TOKEN_ROUTES } from '../../src/server/log';
import { IDENTITY_PAGES } from '../../src/shared/identity';
import { createUser, sessionCookie, uniqueEmail, type TestUser } from '../support/factories';
import { tinyPng } from '../support/images';
import { linkIn, waitForMail } from '../support/outbox';
import { createTestApp, type TestApp } from '../support/test-app';
import type { ItemOf } from '../../src/client/api/contract';

type PhotoDto = ItemOf<'/photos'>;

// No secret reaches a log or a JSON body, and names that reach an e-mail's header are one line.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ LOG_REQUESTS: 'true' });
  owner = await createUser(t);
});
afterAll(async () => {
  await t.close();
});
afterEach(() => vi.restoreAllMocks());

/** What the request log printed while `run` ran. */
async function logged(run: () => Promise<unknown>): Promise<string> {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
  await run();
  vi.restoreAllMocks();
  return lines.join('\n');
}

describe('the request log (LOG_REQUESTS=true)', () => {
  it('a real password-reset link leaves no token in the log that could be replayed', async () => {
    const user = await createUser(t);
    let token = '';
    const log = await logged(async () => {
      await t.request('/api/auth/request-password-reset', {
        body: { email: user.email, redirectTo: IDENTITY_PAGES.resetPassword },
      });
      const mail = await waitForMail(t.config.dataDir, user.email, /^Reset your Rounds password/);
      const link = new URL(linkIn(mail, '/api/auth/reset-password/'));
      token = link.pathname.split('/').pop()!;
      expect(token.length).toBeGreaterThan(10);
      await t.request(`${link.pathname}${link.search}`);
    });
    expect(log).toMatch(/GET \/api\/auth\/reset-password\/\[redacted\]\?callbackURL=\[redacted\] 302/);
    expect(log).not.toContain(token);
  });

  it('a secret planted in every token-bearing route, however spelled, never reaches the log', async () => {
    const secret = 'plantedSecret0123456789abcdefXYZ';
    const paths = TOKEN_ROUTES.flatMap(({ prefix }) => [
      `${prefix}/${secret}`,
      `${prefix}/${secret}.ics?token=${secret}`,
      `${prefix.toUpperCase()}/${secret}`,
      `${prefix}%2F${secret}`,
    ]);
    // The routes as the app has them, as well as the list: a new one in the app is caught by the fallback.
    paths.push(`/api/auth/verify-email?token=${secret}&callbackURL=/verify-email`, `/api/somewhere/${secret}`);
    const log = await logged(async () => {
      for (const path of paths) await t.request(path);
    });
    expect(log.split('\n')).toHaveLength(paths.length);
    expect(log).not.toContain(secret);
    expect(log).toContain('GET /api/portal/enter/[redacted]');
    expect(log).toContain('GET /api/unsubscribe/[redacted]');
    expect(log).toContain('GET /api/calendar/feed/[redacted]');
  });

  it('keeps ids and the feed’s own routes readable', async () => {
    const log = await logged(async () => {
      await t.request('/api/calendar/feed/regenerate', { method: 'POST', cookie: owner.cookie });
      await t.request(`/api/workspaces/${owner.workspaceId}`, { cookie: owner.cookie });
    });
    expect(log).toContain('POST /api/calendar/feed/regenerate');
    expect(log).toContain(`GET /api/workspaces/${owner.workspaceId}`);
  });
});

describe('session tokens stay in the cookie', () => {
  const hasToken = (value: unknown): boolean =>
    Array.isArray(value)
      ? value.some(hasToken)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).some(([key, inner]) => key === 'token' || hasToken(inner))
        : false;

  it('sign-up, sign-in, get-session and list-sessions answer without a token, and the cookie still works', async () => {
    const email = uniqueEmail('tokens');
    const password = 'quiet-harbour-7';
    const signUp = await t.request('/api/auth/sign-up/email', { body: { email, password, name: 'Tess' } });
    expect(signUp.status).toBe(200);
    const signedUp = (await signUp.json()) as { user: { email: string } };
    expect(signedUp.user.email).toBe(email);
    expect(hasToken(signedUp)).toBe(false);

    const signIn = await t.request('/api/auth/sign-in/email', { body: { email, password } });
    expect(signIn.status).toBe(200);
    expect(hasToken(await signIn.json())).toBe(false);
    const cookie = sessionCookie(signIn.headers.get('set-cookie'));

    const session = await t.request('/api/auth/get-session', { cookie });
    const sessionBody = (await session.json()) as { session: { id: string }; user: { email: string } };
    expect(sessionBody.user.email).toBe(email);
    expect(sessionBody.session.id).toBeTruthy();
    expect(hasToken(sessionBody), JSON.stringify(sessionBody)).toBe(false);

    const list = await t.request('/api/auth/list-sessions', { cookie });
    expect(list.status).toBe(200);
    const sessions = (await list.json()) as { id: string }[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(hasToken(sessions)).toBe(false);

    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const signOut = await t.request('/api/auth/sign-out', { body: {}, cookie });
    expect(signOut.status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });
});

describe('names that reach an e-mail’s From or subject are one line', () => {
  const hostile = 'Acme\r\nBcc: victim@example.com\u0007\u202E\tLtd';

  it('a workspace, a client, a property and a person keep no CR, LF or other control character', async () => {
    const patched = await t.request(`/api/workspaces/${owner.workspaceId}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { name: hostile },
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
    const [workspace] = await t.db.select().from(workspaces).where(eq(workspaces.id, owner.workspaceId));
    expect(workspace!.name).toBe('Acme Bcc: victim@example.com Ltd');

    const client = await t.request('/api/clients', {
      cookie: owner.cookie,
      body: { name: hostile, email: uniqueEmail('client') },
    });
    expect(client.status, await client.clone().text()).toBe(201);
    const { id: clientId } = (await client.json()) as { id: string };
    const [clientRow] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(clientRow!.name).toBe('Acme Bcc: victim@example.com Ltd');

    const property = await t.request('/api/properties', {
      cookie: owner.cookie,
      body: { name: hostile, address: '1 Quay Street' },
    });
    expect(property.status, await property.clone().text()).toBe(201);
    const { id: propertyId } = (await property.json()) as { id: string };
    const [propertyRow] = await t.db.select().from(properties).where(eq(properties.id, propertyId));
    expect(propertyRow!.name).toBe('Acme Bcc: victim@example.com Ltd');

    const profile = await t.request('/api/me/profile', {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { displayName: hostile },
    });
    expect(profile.status, await profile.clone().text()).toBe(200);
    const [profileRow] = await t.db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(profileRow!.displayName).toBe('Acme Bcc: victim@example.com Ltd');
  });

  it('the account’s name is saved as one line at sign-up and on update', async () => {
    const email = uniqueEmail('named');
    const signUp = await t.request('/api/auth/sign-up/email', {
      body: { email, password: 'quiet-harbour-7', name: 'Eve\r\nSubject: hi' },
    });
    expect(signUp.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.name).toBe('Eve Subject: hi');
    const cookie = sessionCookie(signUp.headers.get('set-cookie'));
    const updated = await t.request('/api/auth/update-user', { cookie, body: { name: 'Eve\nTwo' } });
    expect(updated.status).toBe(200);
    const [after] = await t.db.select().from(users).where(eq(users.email, email));
    expect(after!.name).toBe('Eve Two');
  });
});

describe('file names', () => {
  it('lose bidirectional control characters, so an extension cannot be disguised', async () => {
    const name = 'invoice\u202Egnp.exe\u2066\u200F.png';
    const response = await t.upload(owner.cookie, { bytes: await tinyPng(), name, type: 'image/png' }, {});
    expect(response.status, await response.clone().text()).toBe(201);
    const photo = (await response.json()) as PhotoDto;
    expect(photo.fileName).toBe('invoicegnp.exe.png');
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row!.fileName).toBe('invoicegnp.exe.png');
  });
});
