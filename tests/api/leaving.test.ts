import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceRole } from '../../src/shared/constants';
import { WORKSPACE_HEADER, WORKSPACE_MESSAGES } from '../../src/shared/messages/workspaces';
import { addMember, createClientRow, createProperty, createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';

// Leaving a business, or a new role there, ends every way in at once: the staff app, the portal
// by one's own address, the calendar feed, idempotent replays and the invitations one sent. And
// nobody removes or demotes the person who invited them, nor that person's inviter.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Call {
  method?: string;
  body?: unknown;
  workspace?: string;
  key?: string;
}
const call = (user: TestUser, path: string, { method, body, workspace, key }: Call = {}) =>
  t.request(path, {
    cookie: user.cookie,
    method,
    body,
    headers: { ...(workspace ? { [WORKSPACE_HEADER]: workspace } : {}), ...(key ? { 'Idempotency-Key': key } : {}) },
  });

/** A business: its owner, and one member of `role` invited by the owner. */
async function business(role: WorkspaceRole) {
  const owner = await createUser(t, { name: 'Shop Owner' });
  const member = await createUser(t, { name: 'Shop Member' });
  await addMember(t, owner.workspaceId, member, role, owner);
  return { owner, member, id: owner.workspaceId };
}

const remove = (by: TestUser, workspaceId: string, userId: string) =>
  call(by, `/api/workspaces/${workspaceId}/members/${userId}`, { method: 'DELETE' });
const setRole = (by: TestUser, workspaceId: string, userId: string, role: WorkspaceRole) =>
  call(by, `/api/workspaces/${workspaceId}/members/${userId}`, { method: 'PATCH', body: { role } });

describe('the portal by one’s own address', () => {
  it('a removed co-owner whose address is a client’s no longer reads that client’s portal', async () => {
    const shop = await business('owner');
    const property = await createProperty(t, shop.owner, { name: 'Co-owner Place' });
    const client = await createClientRow(t, shop.id, { email: shop.member.email.toUpperCase() }, [property.id]);
    expect((await call(shop.member, '/api/portal/me')).status).toBe(200);
    // The account's way in is one of the client's portal sign-ins.
    const signIns = await json(
      await apiAs(t, shop.owner.cookie).get('/clients/:id/portal-sign-ins', { param: { id: client.id } }),
      200,
    );
    expect(signIns.total).toBe(1);

    await json(await remove(shop.owner, shop.id, shop.member.id), 204);
    for (const path of ['/api/portal/me', '/api/portal/visits']) {
      expect((await call(shop.member, path)).status, path).toBe(401);
    }
  });

  it('a removed member who never opened the portal cannot open it afterwards', async () => {
    const shop = await business('manager');
    const property = await createProperty(t, shop.owner, { name: 'Later Place' });
    await createClientRow(t, shop.id, { email: shop.member.email }, [property.id]);
    await json(await remove(shop.owner, shop.id, shop.member.id), 204);
    expect((await call(shop.member, '/api/portal/me')).status).toBe(401);
  });

  it('a member given a new role loses the portal way in of their own address', async () => {
    const shop = await business('manager');
    const property = await createProperty(t, shop.owner, { name: 'Role Place' });
    await createClientRow(t, shop.id, { email: shop.member.email }, [property.id]);
    expect((await call(shop.member, '/api/portal/me')).status).toBe(200);
    await json(await setRole(shop.owner, shop.id, shop.member.id, 'technician'), 200);
    expect((await call(shop.member, '/api/portal/me')).status).toBe(401);
  });

  it('‘Revoke portal access’ ends a signed-in account’s way in too', async () => {
    const shop = await business('manager');
    const customer = await createUser(t);
    const property = await createProperty(t, shop.owner, { name: 'Customer Place' });
    const client = await createClientRow(t, shop.id, { email: customer.email }, [property.id]);
    expect((await call(customer, '/api/portal/me')).status).toBe(200);
    await json(await call(shop.owner, `/api/clients/${client.id}/portal-revoke`, { method: 'POST' }), 204);
    expect((await call(customer, '/api/portal/me')).status).toBe(401);
  });
});

describe('feeds and invitations', () => {
  it('a removed member’s feed URL answers 404, and stays so if they come back', async () => {
    const shop = await business('technician');
    const { url } = await json(
      await apiAs(t, shop.member.cookie).get('/calendar/feed', { headers: { [WORKSPACE_HEADER]: shop.id } }),
      200,
    );
    const path = new URL(url).pathname;
    expect((await t.request(path)).status).toBe(200);
    await json(await remove(shop.owner, shop.id, shop.member.id), 204);
    expect((await t.request(path)).status).toBe(404);
    await addMember(t, shop.id, shop.member, 'technician', shop.owner);
    expect((await t.request(path)).status).toBe(404);
  });

  it('the invitations a manager sent stop when they are removed or made a technician', async () => {
    for (const change of ['remove', 'demote'] as const) {
      const shop = await business('manager');
      const invitee = await createUser(t);
      await json(
        await call(shop.member, `/api/workspaces/${shop.id}/invitations`, {
          body: { email: invitee.email, role: 'technician' },
        }),
        202,
      );
      const mine = async () => (await json(await apiAs(t, invitee.cookie).get('/invitations'), 200)).items;
      const [invitation] = await mine();
      expect(invitation, change).toBeDefined();
      if (change === 'remove') await json(await remove(shop.owner, shop.id, shop.member.id), 204);
      else await json(await setRole(shop.owner, shop.id, shop.member.id, 'technician'), 200);
      expect(await mine(), change).toEqual([]);
      expect((await call(invitee, `/api/invitations/${invitation!.id}/accept`, { method: 'POST' })).status).toBe(404);
    }
  });
});

describe('idempotent replays ask again', () => {
  /** The member's `POST /api/invoices` with an Idempotency-Key, in the shop's workspace. */
  const keyed = (shop: { member: TestUser; id: string }, body: { propertyId: string }, key: string) =>
    apiAs(t, shop.member.cookie).post('/invoices', {
      json: body,
      headers: { [WORKSPACE_HEADER]: shop.id, 'Idempotency-Key': key },
    });

  async function keyedInvoice(shop: { owner: TestUser; member: TestUser; id: string }) {
    const property = await createProperty(t, shop.owner, { name: `Replay ${randomUUID().slice(0, 4)}` });
    const key = randomUUID();
    const body = { propertyId: property.id };
    const first = await json(await keyed(shop, body, key), 201);
    const replay = () => keyed(shop, body, key);
    return { first, replay, key, body };
  }

  it('a manager demoted to technician gets 403, not the invoice', async () => {
    const shop = await business('manager');
    const { replay } = await keyedInvoice(shop);
    expect((await replay()).headers.get('Idempotent-Replayed')).toBe('true');
    await json(await setRole(shop.owner, shop.id, shop.member.id, 'technician'), 200);
    const refused = await replay();
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toContain(WORKSPACE_MESSAGES.roleChangedSinceRequest);
    expect(text).not.toContain('INV-');
  });

  it('a removed owner gets 404, not the invoice', async () => {
    const shop = await business('owner');
    const { replay } = await keyedInvoice(shop);
    await json(await remove(shop.owner, shop.id, shop.member.id), 204);
    const refused = await replay();
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('INV-');
  });

  it('compares keys without regard to case', async () => {
    const shop = await business('manager');
    const { first, key, body } = await keyedInvoice(shop);
    const again = await keyed(shop, body, key.toUpperCase());
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await json(again, 201)).id).toBe(first.id);
  });
});

describe('nobody removes or demotes their inviter', () => {
  it('not through a second account they invited, however far down', async () => {
    const shop = await business('manager');
    // The manager (invited by the owner) invites a second account, which invites a third.
    const second = await createUser(t);
    await addMember(t, shop.id, second, 'manager', shop.member);
    const third = await createUser(t);
    await addMember(t, shop.id, third, 'manager', second);
    for (const [who, target] of [
      [second, shop.member],
      [third, second],
      [third, shop.member],
    ] as const) {
      const demoted = await setRole(who, shop.id, target.id, 'technician');
      expect(demoted.status).toBe(403);
      expect(await demoted.json()).toMatchObject({ error: { message: WORKSPACE_MESSAGES.inviterProtected } });
      expect((await remove(who, shop.id, target.id)).status).toBe(403);
    }
    // Down the chain is allowed, and an owner outside it still can.
    await json(await setRole(shop.member, shop.id, third.id, 'technician'), 200);
    await json(await setRole(shop.owner, shop.id, shop.member.id, 'technician'), 200);
  });
});
