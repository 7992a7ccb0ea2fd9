import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyInvitations, userProperties } from '../../src/server/db/schema';
import type { MyInvitationDto, PropertyInvitationDto } from '../../src/shared/schemas/properties';
import { createProperty, createUser, createVisit, uniqueEmail, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 15: sharing only with consent. An owner invites an address; the invitee sees nothing
// until they accept.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return (text ? JSON.parse(text) : undefined) as T;
}

const invite = (from: TestUser, propertyId: string, email: string, role = 'technician') =>
  t.request(`/api/properties/${propertyId}/people`, { cookie: from.cookie, body: { email, role } });
const mine = async (user: TestUser) =>
  (await json<{ items: MyInvitationDto[] }>(await t.request('/api/invitations', { cookie: user.cookie }), 200)).items;

describe('inviting', () => {
  it('answers the same 202 whether or not the address has an account', async () => {
    const owner = await createUser(t);
    const invitee = await createUser(t);
    const property = await createProperty(t, owner);
    const known = await json<Record<string, unknown>>(await invite(owner, property.id, invitee.email), 202);
    const unknown = await json<Record<string, unknown>>(
      await invite(owner, property.id, 'no-account-yet@example.com'),
      202,
    );
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
    expect(known).toMatchObject({ email: invitee.email, role: 'technician' });
    expect(unknown).toMatchObject({ email: 'no-account-yet@example.com', role: 'technician' });
  });

  it('before accepting, the invitee sees nothing of the property; accepting links them with the role, once', async () => {
    const owner = await createUser(t, { name: 'Ida Inviter' });
    const invitee = await createUser(t);
    const property = await createProperty(t, owner, { name: 'Consent Cottage' });
    const visit = await createVisit(t, property.id, { lead: owner });
    await json(await invite(owner, property.id, invitee.email.toUpperCase(), 'owner'), 202);

    expect((await t.request(`/api/properties/${property.id}`, { cookie: invitee.cookie })).status).toBe(404);
    expect((await t.request(`/api/visits/${visit.id}`, { cookie: invitee.cookie })).status).toBe(404);
    const visitsList = await json<{ items: { id: string }[] }>(
      await t.request('/api/visits', { cookie: invitee.cookie }),
      200,
    );
    expect(visitsList.items).toEqual([]);

    const [invitation] = await mine(invitee);
    expect(invitation).toMatchObject({
      propertyId: property.id,
      propertyName: 'Consent Cottage',
      role: 'owner',
      invitedBy: { displayName: 'Ida Inviter', email: owner.email },
    });
    // the owner sees it waiting
    const pending = await json<{ items: PropertyInvitationDto[] }>(
      await t.request(`/api/properties/${property.id}/invitations`, { cookie: owner.cookie }),
      200,
    );
    expect(pending.items).toEqual([expect.objectContaining({ email: invitee.email, role: 'owner' })]);

    // nobody else can answer it
    const other = await createUser(t);
    expect(
      (await t.request(`/api/invitations/${invitation!.id}/accept`, { method: 'POST', cookie: other.cookie })).status,
    ).toBe(404);

    const accepted = await json<{ propertyId: string }>(
      await t.request(`/api/invitations/${invitation!.id}/accept`, { method: 'POST', cookie: invitee.cookie }),
      200,
    );
    expect(accepted.propertyId).toBe(property.id);
    const detail = await json<{ role: string }>(
      await t.request(`/api/properties/${property.id}`, { cookie: invitee.cookie }),
      200,
    );
    expect(detail.role).toBe('owner');
    expect(await mine(invitee)).toEqual([]);
    expect(
      (await t.request(`/api/invitations/${invitation!.id}/accept`, { method: 'POST', cookie: invitee.cookie })).status,
    ).toBe(404);
  });

  it('declining drops it; re-inviting renews one invitation; an owner can cancel one', async () => {
    const owner = await createUser(t);
    const invitee = await createUser(t);
    const property = await createProperty(t, owner);
    await invite(owner, property.id, invitee.email);
    const [first] = await t.db
      .select()
      .from(propertyInvitations)
      .where(eq(propertyInvitations.propertyId, property.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await invite(owner, property.id, invitee.email, 'owner');
    const rows = await t.db.select().from(propertyInvitations).where(eq(propertyInvitations.propertyId, property.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('owner');
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(first!.expiresAt.getTime());
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);

    const [invitation] = await mine(invitee);
    expect(
      (await t.request(`/api/invitations/${invitation!.id}/decline`, { method: 'POST', cookie: invitee.cookie }))
        .status,
    ).toBe(204);
    expect(await mine(invitee)).toEqual([]);
    expect(await t.db.$count(userProperties, eq(userProperties.propertyId, property.id))).toBe(1);

    await invite(owner, property.id, invitee.email);
    const [again] = await mine(invitee);
    const cancelled = await t.request(`/api/properties/${property.id}/invitations/${again!.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(cancelled.status).toBe(204);
    expect(await mine(invitee)).toEqual([]);
  });

  it('an invitation to an address that signs up later is waiting after sign-up', async () => {
    const owner = await createUser(t);
    const property = await createProperty(t, owner, { name: 'Later Lodge' });
    const email = uniqueEmail('newcomer');
    await json(await invite(owner, property.id, email), 202);
    const newcomer = await createUser(t, { email });
    expect(await mine(newcomer)).toEqual([expect.objectContaining({ propertyName: 'Later Lodge' })]);
  });

  it('an expired invitation is neither listed nor accepted', async () => {
    const owner = await createUser(t);
    const invitee = await createUser(t);
    const property = await createProperty(t, owner);
    await invite(owner, property.id, invitee.email);
    const [invitation] = await mine(invitee);
    await t.db
      .update(propertyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(propertyInvitations.id, invitation!.id));
    expect(await mine(invitee)).toEqual([]);
    expect(
      (await t.request(`/api/invitations/${invitation!.id}/accept`, { method: 'POST', cookie: invitee.cookie })).status,
    ).toBe(404);
  });

  it('only managers invite, see and cancel invitations: a technician 403, a stranger 404', async () => {
    const owner = await createUser(t);
    const tech = await createUser(t);
    const stranger = await createUser(t);
    const property = await createProperty(t, owner, {}, [tech]);
    expect((await invite(tech, property.id, 'x@example.com')).status).toBe(403);
    expect((await invite(stranger, property.id, 'x@example.com')).status).toBe(404);
    expect((await t.request(`/api/properties/${property.id}/invitations`, { cookie: tech.cookie })).status).toBe(403);
    expect((await t.request(`/api/properties/${property.id}/invitations`, { cookie: stranger.cookie })).status).toBe(
      404,
    );
    expect(await t.db.$count(propertyInvitations, eq(propertyInvitations.propertyId, property.id))).toBe(0);
  });
});
