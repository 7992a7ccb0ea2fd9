import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, visitSeries, visitUsers, workspaceInvitations, workspaceMembers } from '../../src/server/db/schema';
import type { WorkspaceRole } from '../../src/shared/constants';
import { INVITATION_HEADER } from '../../src/shared/identity';
import { IDENTITY_MESSAGES } from '../../src/shared/messages/identity';
import { VISIT_MESSAGES } from '../../src/shared/messages/visits';
import { WORKSPACE_HEADER } from '../../src/shared/messages/workspaces';
import { WORKSPACE_MESSAGES } from '../../src/shared/schemas/workspaces';
import {
  addMember,
  addPropertyTask,
  addVisitTask,
  billVisit,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  sessionCookie,
  uniqueEmail,
  type TestUser,
} from '../support/factories';
import { linkIn, mailsTo, waitForMail } from '../support/outbox';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';

// A workspace is one business. Its settings, its team and their roles, the workspace
// a request is in, invitations to proven addresses, assigning at scheduling, copies
// that never follow their template, and the attacks of the probe that found the gap.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
interface Call {
  method?: string;
  body?: unknown;
  /** The workspace the request names (X-Workspace); else the user's default. */
  workspace?: string;
}

/** A request as `user`, in `workspace` when named. */
const call = (user: TestUser, path: string, { method, body, workspace }: Call = {}) =>
  t.request(path, {
    cookie: user.cookie,
    method,
    body,
    headers: workspace ? { [WORKSPACE_HEADER]: workspace } : {},
  });

/** The X-Workspace header naming `workspace`, if any. */
const inWorkspace = (workspace?: string): Record<string, string> =>
  workspace ? { [WORKSPACE_HEADER]: workspace } : {};
const me = async (user: TestUser, workspace?: string) =>
  json(await apiAs(t, user.cookie).get('/me', { headers: inWorkspace(workspace) }), 200);
const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();
/** A list's items as `user`, in `workspace` when named (the ids are all that is read). */
const list = async (
  user: TestUser,
  path: '/properties' | '/tasks' | '/visits' | '/visits/upcoming' | '/invoices',
  workspace?: string,
) => (await json(await apiAs(t, user.cookie).get(path, { headers: inWorkspace(workspace) }), 200)).items;

/** A business: its owner (verified), with the business named, and members with roles. */
async function business(name: string, team: Partial<Record<'manager' | 'technician', number>> = {}) {
  const owner = await createUser(t, { name: `${name} Owner` });
  await json(await call(owner, `/api/workspaces/${owner.workspaceId}`, { method: 'PATCH', body: { name } }), 200);
  const join = async (role: WorkspaceRole, count = 0) => {
    const people: TestUser[] = [];
    for (let i = 0; i < count; i += 1) {
      const person = await createUser(t);
      await addMember(t, owner.workspaceId, person, role, owner);
      people.push(person);
    }
    return people;
  };
  return {
    id: owner.workspaceId,
    owner,
    managers: await join('manager', team.manager),
    technicians: await join('technician', team.technician),
  };
}

describe('sign-up and settings', () => {
  it('sign-up makes a personal workspace the user owns; /api/me names it until the business is named', async () => {
    const user = await createUser(t, { name: 'Nora New' });
    const fresh = await me(user);
    expect(fresh.workspace).toMatchObject({ id: user.workspaceId, name: expect.any(String), role: 'owner' });
    expect(fresh.workspaces).toEqual([fresh.workspace]);
    expect(fresh.setUp).toBe(false);
    expect(fresh.can).toMatchObject({ manageSettings: true, seePrices: true, seeInvoices: true });

    const named = await json(
      await apiAs(t, user.cookie).patch('/workspaces/:id', {
        param: { id: user.workspaceId },
        json: { name: '  Nora’s Pools ', timeZone: 'Europe/Lisbon' },
      }),
      200,
    );
    expect(named).toMatchObject({ name: 'Nora’s Pools', timeZone: 'Europe/Lisbon', setUp: true, taxRateBps: 800 });
    expect(await me(user)).toMatchObject({ setUp: true, workspace: { name: 'Nora’s Pools', role: 'owner' } });
  });

  it('owners and managers read and change every setting; a technician gets 403; another business 404', async () => {
    const shop = await business('Settings Shop', { manager: 1, technician: 1 });
    const stranger = await createUser(t);
    const settings = {
      name: 'Settings Shop Ltd',
      address: '2 Harbour Road, Bristol',
      phone: '+44 117 000 0000',
      email: 'office@settings.example',
      taxRateBps: 2000,
      paymentTermsDays: 14,
      invoicePrefix: 'SS-',
      timeZone: 'Europe/London',
    };
    const saved = await json(
      await apiAs(t, shop.managers[0]!.cookie).patch('/workspaces/:id', { param: { id: shop.id }, json: settings }),
      200,
    );
    expect(saved).toMatchObject({ ...settings, role: 'manager', setUp: true });
    expect(
      await json(await apiAs(t, shop.owner.cookie).get('/workspaces/:id', { param: { id: shop.id } }), 200),
    ).toMatchObject(settings);

    for (const method of ['GET', 'PATCH'] as const) {
      const body = method === 'PATCH' ? { taxRateBps: 0 } : undefined;
      const refused = await call(shop.technicians[0]!, `/api/workspaces/${shop.id}`, { method, body });
      expect(refused.status, method).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.ownersAndManagersOnly } });
      expect((await call(stranger, `/api/workspaces/${shop.id}`, { method, body })).status, method).toBe(404);
    }
  });

  it('takes and answers the business country, locale and currency (the fixed shape); /api/me names them', async () => {
    const shop = await business('Perth Pools');
    expect(
      await json(await apiAs(t, shop.owner.cookie).get('/workspaces/:id', { param: { id: shop.id } }), 200),
    ).toMatchObject({
      country: 'US',
      locale: 'en-US',
      currency: 'USD',
    });
    const body = { country: 'au', locale: 'en-AU', currency: 'aud', timeZone: 'Australia/Perth' };
    const changed = await json(
      await apiAs(t, shop.owner.cookie).patch('/workspaces/:id', { param: { id: shop.id }, json: body }),
      200,
    );
    expect(changed).toMatchObject({ country: 'AU', locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Perth' });
    expect((await me(shop.owner)).workspace).toMatchObject({
      id: shop.id,
      country: 'AU',
      locale: 'en-AU',
      currency: 'AUD',
      timeZone: 'Australia/Perth',
    });
  });

  it('refuses bad settings with their message and changes nothing', async () => {
    const shop = await business('Strict Shop');
    const cases: [Body, string, string][] = [
      [{ name: '  ' }, 'name', WORKSPACE_MESSAGES.nameRequired],
      [{ taxRateBps: 10_001 }, 'taxRateBps', WORKSPACE_MESSAGES.taxRateInvalid],
      [{ taxRateBps: 8.5 }, 'taxRateBps', WORKSPACE_MESSAGES.taxRateInvalid],
      [{ paymentTermsDays: -1 }, 'paymentTermsDays', WORKSPACE_MESSAGES.paymentTermsInvalid],
      [{ invoicePrefix: 'INV 2026 <b>' }, 'invoicePrefix', WORKSPACE_MESSAGES.prefixInvalid],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', WORKSPACE_MESSAGES.timeZoneInvalid],
      [{ email: 'not an address' }, 'email', 'Please enter a valid email address'],
      [{ country: 'ZZ' }, 'country', WORKSPACE_MESSAGES.countryInvalid],
      [{ country: 'AUS' }, 'country', WORKSPACE_MESSAGES.countryInvalid],
      [{ locale: 'not a locale' }, 'locale', WORKSPACE_MESSAGES.localeInvalid],
      [{ currency: 'JPY' }, 'currency', WORKSPACE_MESSAGES.currencyInvalid],
      [{ currency: 'KWD' }, 'currency', WORKSPACE_MESSAGES.currencyInvalid],
      [{ currency: 'XYZ' }, 'currency', WORKSPACE_MESSAGES.currencyInvalid],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(shop.owner, `/api/workspaces/${shop.id}`, { method: 'PATCH', body });
      expect(response.status, field).toBe(400);
      expect(JSON.stringify(await response.json()), field).toContain(message);
    }
    const empty = await call(shop.owner, `/api/workspaces/${shop.id}`, { method: 'PATCH', body: {} });
    expect(empty.status).toBe(400);
    expect(
      await json(await apiAs(t, shop.owner.cookie).get('/workspaces/:id', { param: { id: shop.id } }), 200),
    ).toMatchObject({
      name: 'Strict Shop',
      taxRateBps: 800,
      invoicePrefix: 'INV-',
    });
  });
});

describe('the workspace a request is in', () => {
  it('a member of two businesses sees each one’s data only when it is the current one', async () => {
    const north = await business('North Co');
    const south = await business('South Co');
    const both = await createUser(t);
    await addMember(t, north.id, both, 'manager');
    await addMember(t, south.id, both, 'manager');
    const northProperty = await createProperty(t, north.owner);
    const southProperty = await createProperty(t, south.owner);
    const northTask = await createTask(t, north.owner);
    const southTask = await createTask(t, south.owner);

    expect(ids(await list(both, '/properties', north.id))).toEqual([northProperty.id]);
    expect(ids(await list(both, '/properties', south.id))).toEqual([southProperty.id]);
    expect(ids(await list(both, '/tasks', north.id))).toEqual([northTask.id]);
    expect(ids(await list(both, '/tasks', south.id))).toEqual([southTask.id]);
    // One business's record, asked for in the other: not found.
    expect((await call(both, `/api/properties/${southProperty.id}`, { workspace: north.id })).status).toBe(404);
    expect((await call(both, `/api/tasks/${northTask.id}`, { workspace: south.id })).status).toBe(404);

    // Without the header: the default (the last joined, by addMember as by accepting); PUT changes it.
    expect(ids(await list(both, '/properties'))).toEqual([southProperty.id]);
    await json(await call(both, '/api/me/workspace', { method: 'PUT', body: { workspaceId: north.id } }), 204);
    expect(ids(await list(both, '/properties'))).toEqual([northProperty.id]);
    const mine = await me(both);
    expect(mine.workspace).toMatchObject({ id: north.id, name: 'North Co', role: 'manager' });
    expect(mine.workspaces.map((workspace) => workspace.name)).toEqual(
      expect.arrayContaining(['North Co', 'South Co']),
    );
    expect((await me(both, south.id)).workspace).toMatchObject({ id: south.id, name: 'South Co', role: 'manager' });
    // A uuid is the same in capitals.
    expect(ids(await list(both, '/properties', south.id.toUpperCase()))).toEqual([southProperty.id]);
    expect((await call(both, `/api/workspaces/${north.id.toUpperCase()}/members`)).status).toBe(200);
  });

  it('naming a workspace one is not in: 404 for business data and for choosing it; /api/me falls back', async () => {
    const mine = await business('Home Co');
    const theirs = await business('Away Co');
    expect((await call(mine.owner, '/api/properties', { workspace: theirs.id })).status).toBe(404);
    expect((await call(mine.owner, '/api/properties', { workspace: 'not-a-uuid' })).status).toBe(404);
    expect(
      (await call(mine.owner, '/api/me/workspace', { method: 'PUT', body: { workspaceId: theirs.id } })).status,
    ).toBe(404);
    expect((await me(mine.owner, theirs.id)).workspace).toMatchObject({ id: mine.id, name: 'Home Co' });
    expect(JSON.stringify(await me(mine.owner, theirs.id))).not.toContain('Away Co');
  });
});

describe('the team', () => {
  const members = async (user: TestUser, workspaceId: string) =>
    (await json(await apiAs(t, user.cookie).get('/workspaces/:id/members', { param: { id: workspaceId } }), 200)).items;
  const setRole = (by: TestUser, workspaceId: string, userId: string, role: WorkspaceRole) =>
    call(by, `/api/workspaces/${workspaceId}/members/${userId}`, { method: 'PATCH', body: { role } });
  const remove = (by: TestUser, workspaceId: string, userId: string) =>
    call(by, `/api/workspaces/${workspaceId}/members/${userId}`, { method: 'DELETE' });

  it('lists members with e-mail, name and role (the fixed shape), owners first, for owners and managers', async () => {
    const shop = await business('Team Shop', { manager: 1, technician: 1 });
    const items = await members(shop.owner, shop.id);
    expect(items.map(({ userId, role }) => ({ userId, role }))).toEqual([
      { userId: shop.owner.id, role: 'owner' },
      { userId: shop.managers[0]!.id, role: 'manager' },
      { userId: shop.technicians[0]!.id, role: 'technician' },
    ]);
    expect(items[0]).toMatchObject({ email: shop.owner.email, name: 'Team Shop Owner' });
    expect((await call(shop.technicians[0]!, `/api/workspaces/${shop.id}/members`)).status).toBe(403);
  });

  it('owners change any role; managers cannot touch owners or appoint one; technicians change nothing', async () => {
    const shop = await business('Roles Shop', { manager: 1, technician: 2 });
    const [manager] = shop.managers;
    const [tech, otherTech] = shop.technicians;
    await json(await setRole(manager!, shop.id, tech!.id, 'manager'), 200);
    expect((await setRole(manager!, shop.id, tech!.id, 'owner')).status).toBe(403);
    expect((await setRole(manager!, shop.id, shop.owner.id, 'technician')).status).toBe(403);
    const techTries = await setRole(otherTech!, shop.id, tech!.id, 'technician');
    expect(techTries.status).toBe(403);
    expect(await techTries.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.ownersAndManagersOnly } });
    await json(await setRole(shop.owner, shop.id, manager!.id, 'owner'), 200);
    expect((await setRole(shop.owner, shop.id, '00000000-0000-4000-8000-000000000000', 'manager')).status).toBe(404);
    expect((await setRole(shop.owner, shop.id, tech!.id, 'boss' as WorkspaceRole)).status).toBe(400);
  });

  it('the last owner can be neither demoted nor removed, nor leave; with a second owner they can', async () => {
    const shop = await business('Owner Shop');
    for (const response of [
      await setRole(shop.owner, shop.id, shop.owner.id, 'manager'),
      await remove(shop.owner, shop.id, shop.owner.id),
    ]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.lastOwner } });
    }

    const partner = await createUser(t);
    await addMember(t, shop.id, partner, 'owner');
    await json(await setRole(shop.owner, shop.id, shop.owner.id, 'manager'), 200);
    await json(await remove(shop.owner, shop.id, shop.owner.id), 204);
    expect((await call(shop.owner, '/api/properties', { workspace: shop.id })).status).toBe(404);
    // Out of their only workspace, they get a fresh one of their own: there is always somewhere to work.
    const after = await me(shop.owner);
    expect(after.workspace).toMatchObject({ role: 'owner' });
    expect(after.workspace?.id).not.toBe(shop.id);
    expect(after.workspaces).toEqual([after.workspace]);
  });

  it('a technician may leave; removing someone takes them off every future visit and series, past ones keep them', async () => {
    const shop = await business('Leaving Shop', { technician: 2 });
    const [leaver, removed] = shop.technicians;
    const property = await createProperty(t, shop.owner);
    const past = await createVisit(t, property.id, {
      lead: shop.owner,
      assistants: [removed!],
      scheduledAt: new Date(Date.now() - 7 * 24 * 3600_000),
      status: 'completed',
    });
    const future = await createVisit(t, property.id, { lead: removed!, assistants: [shop.owner] });
    const { series } = await json(
      await apiAs(t, shop.owner.cookie).post('/visit-series', {
        json: {
          propertyId: property.id,
          startsAt: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
          timeZone: 'UTC',
          rrule: 'FREQ=WEEKLY;COUNT=3',
          taskIds: [],
          assigneeIds: [removed!.id, shop.owner.id],
        },
      }),
      201,
    );

    await json(await remove(leaver!, shop.id, leaver!.id), 204);
    await json(await remove(shop.owner, shop.id, removed!.id), 204);
    const onVisit = async (visitId: string) =>
      (await t.db.select().from(visitUsers).where(eq(visitUsers.visitId, visitId))).map((row) => row.userId).sort();
    expect(await onVisit(past.id)).toEqual([shop.owner.id, removed!.id].sort());
    expect(await onVisit(future.id)).toEqual([shop.owner.id]);
    const [seriesRow] = await t.db.select().from(visitSeries).where(eq(visitSeries.id, series.id));
    expect(seriesRow?.assigneeIds).toEqual([shop.owner.id]);
    expect((await call(removed!, `/api/visits/${future.id}`, { workspace: shop.id })).status).toBe(404);
    expect((await me(removed!)).workspaces.map((workspace) => workspace.id)).toEqual([removed!.workspaceId]);
  });
});

describe('the invitation link: one link to join', () => {
  const invite = (from: TestUser, workspaceId: string, email: string, role: WorkspaceRole = 'technician') =>
    apiAs(t, from.cookie).post('/workspaces/:id/invitations', { param: { id: workspaceId }, json: { email, role } });
  /** Invites `email` and answers the link's token, read from the e-mail. */
  async function invitedToken(from: TestUser, workspaceId: string, email: string, role: WorkspaceRole = 'technician') {
    const before = (await mailsTo(t.config.dataDir, email, /invited to join/)).length;
    await json(await invite(from, workspaceId, email, role), 202);
    const mail = await waitForMail(t.config.dataDir, email, /invited to join/, { after: before });
    return linkIn(mail, '/invitations/').split('/invitations/')[1]!;
  }
  const read = (token: string) => apiAs(t).get('/invitations/by-token/:token', { param: { token } });
  const acceptLink = (user: { cookie: string }, token: string) =>
    apiAs(t, user.cookie).post('/invitations/by-token/:token/accept', { param: { token } });
  const signUp = (email: string, name: string, token?: string) =>
    t.request('/api/auth/sign-up/email', {
      body: { email, password: 'quiet-harbour-7', name },
      headers: token ? { [INVITATION_HEADER]: token } : {},
    });

  it('the link names the business, the inviter and the role to anyone holding it; reading it answers nothing', async () => {
    const shop = await business('Link Laundry');
    await json(await call(shop.owner, '/api/me/profile', { method: 'PATCH', body: { displayName: 'Lena Link' } }), 200);
    const email = uniqueEmail('linked');
    const token = await invitedToken(shop.owner, shop.id, email);
    const mail = await waitForMail(t.config.dataDir, email, /invited to join Link Laundry/);
    expect(mail.text).toContain('Lena Link invited you to join Link Laundry on Rounds, as a technician.');

    for (let i = 0; i < 3; i += 1) {
      expect(await json(await read(token), 200)).toEqual({
        workspaceName: 'Link Laundry',
        inviterName: 'Lena Link',
        role: 'technician',
        email,
        status: 'pending',
      });
    }
    expect((await read('x'.repeat(43))).status).toBe(404);
    expect((await read('not a token')).status).toBe(404);
    const [row] = await t.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, email));
    expect(row?.status).toBe('pending');
    // Only the token's hash is kept.
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('signing up from the link: verified at once, a member with the role, no workspace of its own, no verification e-mail', async () => {
    const shop = await business('Join Janitorial');
    const email = uniqueEmail('joiner');
    const token = await invitedToken(shop.owner, shop.id, email);

    const response = await signUp(email, 'Jo Joiner', token);
    expect(response.status).toBe(200);
    const joiner = { cookie: sessionCookie(response.headers.get('set-cookie')) };
    const after = await json(await apiAs(t, joiner.cookie).get('/me'), 200);
    expect(after.emailVerified).toBe(true);
    expect(after.workspaces).toMatchObject([{ id: shop.id, name: 'Join Janitorial', role: 'technician' }]);
    expect(after.workspace).toMatchObject({ id: shop.id, name: 'Join Janitorial', role: 'technician' });
    expect(after.profile.displayName).toBe('Jo Joiner');
    // The page then accepts: the same answer, nothing changes.
    expect(await json(await acceptLink(joiner, token), 200)).toEqual({
      workspaceId: shop.id,
      role: 'technician',
    });
    expect((await json(await read(token), 200)).status).toBe('accepted');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(t.config.dataDir, email, /verify/i)).toEqual([]);
  });

  it('a sign-up with a wrong or foreign token is an ordinary sign-up: unverified, its own workspace', async () => {
    const shop = await business('Foreign Token Co');
    const token = await invitedToken(shop.owner, shop.id, uniqueEmail('invited'));
    const other = uniqueEmail('other');
    const response = await signUp(other, 'Other', token);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers.get('set-cookie'));
    const after = await json(await apiAs(t, cookie).get('/me'), 200);
    expect(after.emailVerified).toBe(false);
    expect(after.workspaces).toHaveLength(1);
    expect(after.workspaces[0]).toMatchObject({ role: 'owner' });
    expect((await json(await read(token), 200)).status).toBe('pending');
  });

  it('an existing account accepts from the link: joined and verified; used once; another address refused', async () => {
    const shop = await business('Existing Estates');
    const invitee = await createUser(t, { verified: false });
    const token = await invitedToken(shop.owner, shop.id, invitee.email, 'manager');

    const outsider = await createUser(t);
    const refused = await acceptLink(outsider, token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: WORKSPACE_MESSAGES.invitationForAnotherAddress },
    });
    expect((await apiAs(t).post('/invitations/by-token/:token/accept', { param: { token } })).status).toBe(401);

    expect(await json(await acceptLink(invitee, token), 200)).toEqual({ workspaceId: shop.id, role: 'manager' });
    const after = await me(invitee, shop.id);
    expect(after.emailVerified).toBe(true);
    expect(after.workspace).toMatchObject({ id: shop.id, name: 'Existing Estates', role: 'manager' });

    // Another account with the address cannot use it again (it is used).
    await t.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, invitee.id));
    const again = await acceptLink(invitee, token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.invitationUsed } });
  });

  it("'New business': someone who joined by invitation makes a business of their own, as its owner", async () => {
    const shop = await business('Joined First');
    const email = uniqueEmail('founder');
    const token = await invitedToken(shop.owner, shop.id, email);
    const cookie = sessionCookie((await signUp(email, 'Fran Founder', token)).headers.get('set-cookie'));
    const founder = { cookie } as TestUser;
    expect((await apiAs(t, cookie).post('/workspaces', { json: { name: '' } })).status).toBe(400);
    expect((await apiAs(t).post('/workspaces', { json: { name: 'Nope' } })).status).toBe(401);
    const made = await json(await apiAs(t, cookie).post('/workspaces', { json: { name: 'Fran Fixes' } }), 201);
    expect(made).toMatchObject({ name: 'Fran Fixes', role: 'owner' });
    const after = await me(founder, made.id as string);
    expect(after.workspaces.map((w) => w.name).sort()).toEqual(['Fran Fixes', 'Joined First']);
    expect(after.workspace).toMatchObject({ id: made.id, role: 'owner' });
    expect(after.setUp).toBe(true);
  });

  it('declined and expired links say so; a renewed invitation retires the old link', async () => {
    const shop = await business('Status Stores');
    const email = uniqueEmail('status');
    const first = await invitedToken(shop.owner, shop.id, email);
    const second = await invitedToken(shop.owner, shop.id, email);
    expect((await read(first)).status).toBe(404);

    expect((await apiAs(t).post('/invitations/by-token/:token/decline', { param: { token: second } })).status).toBe(
      204,
    );
    expect((await json(await read(second), 200)).status).toBe('declined');
    const user = await createUser(t, { email });
    const declined = await acceptLink(user, second);
    expect(declined.status).toBe(409);
    expect(await declined.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.invitationDeclined } });

    const third = await invitedToken(shop.owner, shop.id, email);
    await t.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.email, email));
    expect((await json(await read(third), 200)).status).toBe('expired');
    const expired = await acceptLink(user, third);
    expect(expired.status).toBe(409);
    expect(await expired.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.invitationExpired } });
    // An expired invitation's link does not make a verified account either.
    const late = uniqueEmail('late');
    const lateToken = await invitedToken(shop.owner, shop.id, late);
    await t.db
      .update(workspaceInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvitations.email, late));
    const lateUp = await signUp(late, 'Late', lateToken);
    const lateMe = await json(await apiAs(t, sessionCookie(lateUp.headers.get('set-cookie'))).get('/me'), 200);
    expect(lateMe.emailVerified).toBe(false);
    expect(lateMe.workspaces.map((w) => w.id)).not.toContain(shop.id);
  });
});

describe('invitations (to proven addresses)', () => {
  const invite = (from: TestUser, workspaceId: string, email: string, role: WorkspaceRole = 'technician') =>
    apiAs(t, from.cookie).post('/workspaces/:id/invitations', { param: { id: workspaceId }, json: { email, role } });
  const mine = async (user: TestUser) => (await json(await apiAs(t, user.cookie).get('/invitations'), 200)).items;
  const accept = (user: TestUser, id: string) =>
    apiAs(t, user.cookie).post('/invitations/:id/accept', { param: { id } });

  it('answers the same 202 whether or not the address has an account or is a member', async () => {
    const shop = await business('Answer Shop', { technician: 1 });
    const someone = await createUser(t);
    const answers = await Promise.all(
      [someone.email, uniqueEmail('nobody'), shop.technicians[0]!.email].map(async (email) =>
        json(await invite(shop.owner, shop.id, email), 202),
      ),
    );
    expect(new Set(answers.map((answer) => Object.keys(answer).sort().join()))).toHaveProperty('size', 1);
    expect(answers[1]).toMatchObject({ role: 'technician' });
  });

  it('e-mails a link; the invitee signs up, verifies, sees it, accepts: a member with the role, in that workspace', async () => {
    const shop = await business('Welcome Wash');
    const email = uniqueEmail('newhire');
    await json(await invite(shop.owner, shop.id, email.toUpperCase(), 'manager'), 202);
    const mail = await waitForMail(t.config.dataDir, email, /invited to join Welcome Wash/);
    expect(linkIn(mail, '/invitations/')).toMatch(new RegExp(`^${TEST_ORIGIN}/invitations/[A-Za-z0-9_-]{43}$`));
    expect(mail.replyTo?.value[0]?.address).toBe(shop.owner.email);

    const invitee = await createUser(t, { email, verified: false });
    expect(await mine(invitee)).toEqual([]);
    expect((await accept(invitee, '00000000-0000-4000-8000-000000000000')).status).toBe(403);
    await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, invitee.id));
    const [invitation] = await mine(invitee);
    expect(invitation).toMatchObject({
      workspaceId: shop.id,
      workspaceName: 'Welcome Wash',
      role: 'manager',
      invitedBy: { email: shop.owner.email },
    });
    expect(await json(await accept(invitee, invitation!.id), 200)).toEqual({ workspaceId: shop.id });
    const after = await me(invitee);
    expect(after.workspaces).toContainEqual(
      expect.objectContaining({ id: shop.id, name: 'Welcome Wash', role: 'manager' }),
    );
    expect(after.workspace?.id).toBe(invitee.workspaceId);
    expect((await me(invitee, shop.id)).workspace).toMatchObject({
      id: shop.id,
      name: 'Welcome Wash',
      role: 'manager',
    });
    expect((await accept(invitee, invitation!.id)).status).toBe(404);
    expect(await mine(invitee)).toEqual([]);
  });

  it('only a verified owner or manager invites; only owners invite owners; a technician 403, a stranger 404', async () => {
    const shop = await business('Gate Shop', { manager: 1, technician: 1 });
    const stranger = await createUser(t);
    expect((await invite(shop.managers[0]!, shop.id, uniqueEmail(), 'owner')).status).toBe(403);
    await json(await invite(shop.managers[0]!, shop.id, uniqueEmail(), 'manager'), 202);
    expect((await invite(shop.technicians[0]!, shop.id, uniqueEmail())).status).toBe(403);
    expect((await invite(stranger, shop.id, uniqueEmail())).status).toBe(404);
    expect((await call(shop.technicians[0]!, `/api/workspaces/${shop.id}/invitations`)).status).toBe(403);

    const unverified = await createUser(t, { verified: false });
    const refused = await invite(unverified, unverified.workspaceId, uniqueEmail());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { message: IDENTITY_MESSAGES.verifyToSend } });
    expect(await t.db.$count(workspaceInvitations, eq(workspaceInvitations.workspaceId, unverified.workspaceId))).toBe(
      0,
    );
  });

  it('declining drops it; an owner lists and cancels standing invitations', async () => {
    const shop = await business('Decline Shop');
    const invitee = await createUser(t);
    await json(await invite(shop.owner, shop.id, invitee.email), 202);
    const [first] = await mine(invitee);
    await json(await call(invitee, `/api/invitations/${first!.id}/decline`, { method: 'POST' }), 204);
    expect(await mine(invitee)).toEqual([]);

    await json(await invite(shop.owner, shop.id, invitee.email), 202);
    const standing = await json(
      await apiAs(t, shop.owner.cookie).get('/workspaces/:id/invitations', { param: { id: shop.id } }),
      200,
    );
    expect(standing.items).toEqual([expect.objectContaining({ email: invitee.email })]);
    await json(
      await call(shop.owner, `/api/workspaces/${shop.id}/invitations/${standing.items[0]!.id}`, { method: 'DELETE' }),
      204,
    );
    expect(await mine(invitee)).toEqual([]);
  });

  it('the takeover fails: whoever signs up first with the invited address sees and accepts nothing, and cannot remove the inviter', async () => {
    const shop = await business('Takeover Towers');
    const email = uniqueEmail('partner');
    await json(await invite(shop.owner, shop.id, email, 'owner'), 202);
    const [row] = await t.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.email, email));

    const attacker = await createUser(t, { email, verified: false });
    expect(await mine(attacker)).toEqual([]);
    const tried = await accept(attacker, row!.id);
    expect(tried.status).toBe(403);
    expect(await tried.json()).toMatchObject({ error: { message: IDENTITY_MESSAGES.verifyToAccept } });
    expect((await call(attacker, `/api/invitations/${row!.id}/decline`, { method: 'POST' })).status).toBe(403);
    const removeInviter = await call(attacker, `/api/workspaces/${shop.id}/members/${shop.owner.id}`, {
      method: 'DELETE',
    });
    expect(removeInviter.status).toBe(404);
    expect(JSON.stringify(await me(attacker))).not.toContain('Takeover Towers');
    expect(await t.db.$count(workspaceInvitations, eq(workspaceInvitations.id, row!.id))).toBe(1);
  });

  it('an invitation dies when its inviter loses the right to give it: removed, demoted, account deleted', async () => {
    for (const loss of ['removed', 'demoted', 'deleted'] as const) {
      const shop = await business(`Dying ${loss}`);
      const coOwner = await createUser(t);
      await addMember(t, shop.id, coOwner, 'owner');
      const invitee = await createUser(t);
      await json(await invite(coOwner, shop.id, invitee.email, 'owner'), 202);
      const [invitation] = await mine(invitee);
      expect(invitation, loss).toBeDefined();

      if (loss === 'removed') {
        await json(
          await call(shop.owner, `/api/workspaces/${shop.id}/members/${coOwner.id}`, { method: 'DELETE' }),
          204,
        );
      } else if (loss === 'demoted') {
        // A manager may still invite technicians and managers, but no longer owners.
        await json(
          await call(shop.owner, `/api/workspaces/${shop.id}/members/${coOwner.id}`, {
            method: 'PATCH',
            body: { role: 'manager' },
          }),
          200,
        );
      } else {
        await t.db.delete(users).where(eq(users.id, coOwner.id));
      }
      expect(await mine(invitee), loss).toEqual([]);
      expect((await accept(invitee, invitation!.id)).status, loss).toBe(404);
      const standing = await json(
        await apiAs(t, shop.owner.cookie).get('/workspaces/:id/invitations', { param: { id: shop.id } }),
        200,
      );
      expect(standing.items, loss).toEqual([]);
    }
  });

  it('nobody removes or demotes the person who invited them', async () => {
    const shop = await business('Loyal Shop');
    const partner = await createUser(t);
    await json(await invite(shop.owner, shop.id, partner.email, 'owner'), 202);
    const [invitation] = await mine(partner);
    await json(await accept(partner, invitation!.id), 200);
    const [membership] = await t.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, shop.id), eq(workspaceMembers.userId, partner.id)));
    expect(membership).toMatchObject({ role: 'owner', invitedBy: shop.owner.id });

    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { role: 'technician' }],
    ] as const) {
      const response = await call(partner, `/api/workspaces/${shop.id}/members/${shop.owner.id}`, { method, body });
      expect(response.status, method).toBe(403);
      expect(await response.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.inviterProtected } });
    }
    await json(await call(shop.owner, `/api/workspaces/${shop.id}/members/${partner.id}`, { method: 'DELETE' }), 204);
  });
});

describe('assigning at scheduling', () => {
  it('assigneeIds on create: the first leads; the technician sees it at once on Today, the dashboard and Visits', async () => {
    const shop = await business('Assign Shop', { technician: 2 });
    const [tech, second] = shop.technicians;
    const property = await createProperty(t, shop.owner);
    const soon = new Date(Date.now() + 3600_000).toISOString();
    const visit = await json(
      await apiAs(t, shop.owner.cookie).post('/visits', {
        json: { propertyId: property.id, scheduledAt: soon, assigneeIds: [tech!.id, second!.id] },
      }),
      201,
    );
    expect(visit.people.map(({ userId, role }) => ({ userId, role }))).toEqual([
      { userId: tech!.id, role: 'lead' },
      { userId: second!.id, role: 'assistant' },
    ]);
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 12 * 3600_000).toISOString();
    const mineToday = await json(await apiAs(t, tech!.cookie).get('/visits/mine', { query: { from, to } }), 200);
    expect(ids(mineToday.items)).toContain(visit.id);
    expect(ids(await list(tech!, '/visits/upcoming'))).toContain(visit.id);
    expect(ids(await list(tech!, '/visits'))).toEqual([visit.id]);

    // Re-assigned on update: the removed one no longer sees it.
    await json(
      await call(shop.owner, `/api/visits/${visit.id}`, {
        method: 'PATCH',
        body: { assigneeIds: [second!.id], version: visit.version },
      }),
      200,
    );
    expect((await call(tech!, `/api/visits/${visit.id}`)).status).toBe(404);
    expect((await call(second!, `/api/visits/${visit.id}`)).status).toBe(200);
  });

  it('refuses anyone who is not a member of the workspace, with the message', async () => {
    const shop = await business('Closed Shop');
    const outsider = await createUser(t);
    const property = await createProperty(t, shop.owner);
    const response = await call(shop.owner, '/api/visits', {
      body: { propertyId: property.id, scheduledAt: new Date().toISOString(), assigneeIds: [outsider.id] },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain(VISIT_MESSAGES.notLinkedToProperty);
  });
});

describe('copy, do not follow', () => {
  it('renaming, repricing or deleting a template changes no property task, visit task or invoice line', async () => {
    const shop = await business('Copy Shop');
    const task = await createTask(t, shop.owner, { name: 'Skim the pool', defaultPrice: 2700 });
    const property = await createProperty(t, shop.owner);
    await addPropertyTask(t, property.id, task.id);
    const visit = await createVisit(t, property.id, { lead: shop.owner, status: 'completed' });
    await addVisitTask(t, visit.id, task.id, { status: 'completed' });
    const invoice = await createInvoiceRow(t, property.id);
    await billVisit(t, invoice.id, visit.id);

    await json(
      await call(shop.owner, `/api/tasks/${task.id}`, {
        method: 'PATCH',
        body: { name: 'Pay by wire to IBAN XX00 EVIL', defaultPrice: 500_000 },
      }),
      200,
    );
    await json(await call(shop.owner, `/api/tasks/${task.id}`, { method: 'DELETE' }), 204);

    const propertyTasks = await json(
      await apiAs(t, shop.owner.cookie).get('/properties/:id/tasks', { param: { id: property.id } }),
      200,
    );
    expect(propertyTasks.items.map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Skim the pool', price: 2700 },
    ]);
    const visitDetail = await json(
      await apiAs(t, shop.owner.cookie).get('/visits/:id', { param: { id: visit.id } }),
      200,
    );
    expect(visitDetail.tasks.map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Skim the pool', price: 2700 },
    ]);
    const invoiceDetail = await json(
      await apiAs(t, shop.owner.cookie).get('/invoices/:id', { param: { id: invoice.id } }),
      200,
    );
    expect(invoiceDetail.lines.map(({ taskName, price }) => ({ taskName, price }))).toEqual([
      { taskName: 'Skim the pool', price: 2700 },
    ]);
  });
});

describe('the attacks of the probe now fail', () => {
  it("a stranger cannot rename, reprice, delete or annotate another business's template (404)", async () => {
    const victim = await business('Victim Pools');
    const attacker = await createUser(t);
    const task = await createTask(t, victim.owner, { name: 'Filter clean' });
    for (const [method, body] of [
      ['PATCH', { name: 'Pay by wire to IBAN XX00 EVIL - call 555-0100' }],
      ['PATCH', { name: 'Filter clean', defaultPrice: 500_000 }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(attacker, `/api/tasks/${task.id}`, { method, body })).status, method).toBe(404);
    }
    const note = await call(attacker, '/api/notes', {
      body: { content: 'Gate code 4321 for 77 Victim Ave', attachableType: 'task', attachableId: task.id },
    });
    expect(note.status).toBe(404);
    expect(JSON.stringify(await list(attacker, '/tasks'))).not.toContain('Filter clean');
  });

  it('a technician changes no price, deletes no visit, series, property or template, and reads no invoice', async () => {
    const shop = await business('Money Shop', { technician: 1 });
    const [tech] = shop.technicians;
    const task = await createTask(t, shop.owner, { defaultPrice: 2700 });
    const property = await createProperty(t, shop.owner);
    const propertyTask = await addPropertyTask(t, property.id, task.id);
    const visit = await createVisit(t, property.id, { lead: tech!, status: 'completed' });
    const visitTask = await addVisitTask(t, visit.id, task.id, { status: 'completed' });
    const invoice = await createInvoiceRow(t, property.id);
    await billVisit(t, invoice.id, visit.id);
    const { series } = await json(
      await apiAs(t, shop.owner.cookie).post('/visit-series', {
        json: {
          propertyId: property.id,
          startsAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
          timeZone: 'UTC',
          rrule: 'FREQ=DAILY;COUNT=2',
          taskIds: [],
          assigneeIds: [tech!.id],
        },
      }),
      201,
    );

    const attempts: [string, string, unknown, number][] = [
      ['PATCH', `/api/properties/${property.id}/tasks/${propertyTask.id}`, { customPrice: 1 }, 403],
      ['PATCH', `/api/visits/${visit.id}/tasks/${visitTask.id}`, { price: 0 }, 403],
      ['PATCH', `/api/tasks/${task.id}`, { name: task.name, defaultPrice: 1 }, 403],
      ['DELETE', `/api/tasks/${task.id}`, undefined, 403],
      ['DELETE', `/api/visits/${visit.id}`, undefined, 403],
      // The field starts and completes; cancelling or re-opening is the office's.
      ['PATCH', `/api/visits/${visit.id}`, { status: 'cancelled' }, 403],
      ['PATCH', `/api/visits/${visit.id}`, { status: 'scheduled' }, 403],
      ['DELETE', `/api/properties/${property.id}`, undefined, 403],
      ['DELETE', `/api/visit-series/${series.id}`, undefined, 404],
      ['GET', `/api/invoices/${invoice.id}`, undefined, 404],
      ['GET', `/api/invoices/${invoice.id}/pdf`, undefined, 404],
      ['PATCH', `/api/invoices/${invoice.id}`, { visitIds: [] }, 404],
    ];
    for (const [method, path, body, status] of attempts) {
      const response = await call(tech!, path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(status);
    }
    expect(await list(tech!, '/invoices')).toEqual([]);
    const seen = await json(await apiAs(t, tech!.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(seen.tasks.every((row) => row.price === null)).toBe(true);
    // Completed, the visit is locked: the technician can no longer tick or reopen it.
    expect(seen.can).toMatchObject({
      changeStatus: false,
      tickTasks: false,
      edit: false,
      delete: false,
      reopen: false,
      seePrices: false,
    });
    const owners = await json(await apiAs(t, shop.owner.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(owners.tasks.map((row) => row.price)).toEqual([2700]);
  });

  it("another business's invoices never move this one's numbers (no counting across businesses)", async () => {
    const watcher = await business('Watcher Co');
    const busy = await business('Busy Co');
    const invoiceOf = async (shop: Awaited<ReturnType<typeof business>>) => {
      const property = await createProperty(t, shop.owner);
      return json(await apiAs(t, shop.owner.cookie).post('/invoices', { json: { propertyId: property.id } }), 201);
    };
    const first = await invoiceOf(watcher);
    for (let i = 0; i < 3; i += 1) await invoiceOf(busy);
    const second = await invoiceOf(watcher);
    const sequence = (number: string) => Number(number.slice(-5));
    expect(sequence(second.invoiceNumber)).toBe(sequence(first.invoiceNumber) + 1);
  });
});
