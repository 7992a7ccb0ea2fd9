import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffNotifications } from '../../src/server/db/schema';
import { notifyStaff } from '../../src/server/modules/notifications';
import { addMember, createProperty, createUser, createVisit, type TestUser } from '../support/factories';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// The bell: GET /api/notifications lists the signed-in member's own notifications in
// the workspace they are in now, newest first, with the total and the unread count; one is marked
// read by its id (another's is 404), or all at once. notifyStaff writes them (here directly).

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let otherTech: TestUser;
let visitId: string;

/** `count` notifications for `user` in `workspaceId`, one second apart, oldest first, as 'label 1'… */
async function notify(user: TestUser, workspaceId: string, label: string, count: number) {
  for (let index = 1; index <= count; index += 1) {
    await notifyStaff(t.db, [user.id], {
      workspaceId,
      kind: 'visit_changed',
      text: `${label} ${index}`,
      visitId,
    });
  }
  // Distinct times, in the order written: the list is newest first.
  const rows = await t.db
    .select({ id: staffNotifications.id, text: staffNotifications.text })
    .from(staffNotifications)
    .where(eq(staffNotifications.userId, user.id));
  for (const row of rows) {
    const match = new RegExp(`^${label} (\\d+)$`).exec(row.text);
    if (!match) continue;
    await t.db
      .update(staffNotifications)
      .set({ createdAt: new Date(Date.UTC(2031, 0, 1, 9, 0, Number(match[1]))) })
      .where(eq(staffNotifications.id, row.id));
  }
}

const list = (user: TestUser, query: Record<string, number> = {}, workspaceId = owner.workspaceId) =>
  apiAs(t, user.cookie).get('/notifications', { query, headers: { 'x-workspace': workspaceId } });
const post = (user: TestUser, path: string, workspaceId = owner.workspaceId) =>
  t.request(path, { method: 'POST', cookie: user.cookie, headers: { 'x-workspace': workspaceId } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  tech = await createUser(t);
  otherTech = await createUser(t);
  await addMember(t, owner.workspaceId, tech, 'technician');
  await addMember(t, owner.workspaceId, otherTech, 'technician');
  const property = await createProperty(t, owner, { name: 'Bell House' }, [tech]);
  visitId = (await createVisit(t, property.id, { lead: tech })).id;
  await notify(tech, owner.workspaceId, 'Mine', 5);
  // Another member of the same workspace, and the technician's own personal workspace.
  await notify(otherTech, owner.workspaceId, 'Theirs', 2);
  await notify(tech, tech.workspaceId, 'Elsewhere', 3);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/notifications', () => {
  it('lists only the caller’s own, in the current workspace, newest first, with the counts', async () => {
    const page = await json(await list(tech), 200);
    expect(page.total).toBe(5);
    expect(page.unread).toBe(5);
    expect(page.items.map((item) => item.text)).toEqual(['Mine 5', 'Mine 4', 'Mine 3', 'Mine 2', 'Mine 1']);
    expect(page.items[0]).toEqual({
      id: expect.any(String),
      kind: 'visit_changed',
      text: 'Mine 5',
      visitId,
      requestId: null,
      readAt: null,
      createdAt: '2031-01-01T09:00:05.000Z',
    });
  });

  it('another workspace’s notifications show only in that workspace', async () => {
    const page = await json(await list(tech, {}, tech.workspaceId), 200);
    expect(page.items.map((item) => item.text)).toEqual(['Elsewhere 3', 'Elsewhere 2', 'Elsewhere 1']);
    expect(page.total).toBe(3);
  });

  it('another member sees none of them, and the owner none at all', async () => {
    const theirs = await json(await list(otherTech), 200);
    expect(theirs.items.map((item) => item.text)).toEqual(['Theirs 2', 'Theirs 1']);
    const owners = await json(await list(owner), 200);
    expect(owners).toEqual({ items: [], total: 0, unread: 0 });
  });

  it('pages with limit and offset; the counts stay, past the end too', async () => {
    const second = await json(await list(tech, { limit: 2, offset: 2 }), 200);
    expect(second.items.map((item) => item.text)).toEqual(['Mine 3', 'Mine 2']);
    expect(second).toMatchObject({ total: 5, unread: 5 });
    const past = await json(await list(tech, { limit: 2, offset: 10 }), 200);
    expect(past).toEqual({ items: [], total: 5, unread: 5 });
    await refusal(await list(tech, { limit: 0 }), 400);
    await refusal(await list(tech, { offset: -1 }), 400);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/notifications')).status).toBe(401);
  });
});

describe('marking read', () => {
  it('one by id: 204, again 204; the unread count drops by one', async () => {
    const before = await json(await list(tech), 200);
    const target = before.items[1]!;
    await json(await post(tech, `/api/notifications/${target.id}/read`), 204);
    await json(await post(tech, `/api/notifications/${target.id}/read`), 204);
    const after = await json(await list(tech), 200);
    expect(after.unread).toBe(before.unread - 1);
    const read = after.items.find((item) => item.id === target.id)!;
    expect(read.readAt).toEqual(expect.any(String));
    expect(after.items.filter((item) => item.readAt !== null)).toHaveLength(1);
  });

  it('another member’s id, an id of another workspace, or none: 404, and nothing changes', async () => {
    const theirs = await json(await list(otherTech), 200);
    const body = await refusal(await post(tech, `/api/notifications/${theirs.items[0]!.id}/read`), 404);
    expect(body.error.message).toBe('Notification not found');
    await json(await post(owner, `/api/notifications/${theirs.items[0]!.id}/read`), 404);
    const elsewhere = await json(await list(tech, {}, tech.workspaceId), 200);
    await json(await post(tech, `/api/notifications/${elsewhere.items[0]!.id}/read`), 404);
    await json(await post(tech, '/api/notifications/not-a-uuid/read'), 404);
    await json(await post(tech, '/api/notifications/00000000-0000-4000-8000-000000000000/read'), 404);
    expect((await json(await list(otherTech), 200)).unread).toBe(2);
    expect((await json(await list(tech, {}, tech.workspaceId), 200)).unread).toBe(3);
  });

  it('read-all: every one of the caller’s in this workspace, and no one else’s', async () => {
    await json(await post(tech, '/api/notifications/read-all'), 204);
    const mine = await json(await list(tech), 200);
    expect(mine.unread).toBe(0);
    expect(mine.total).toBe(5);
    expect(mine.items.every((item) => item.readAt !== null)).toBe(true);
    expect((await json(await list(otherTech), 200)).unread).toBe(2);
    expect((await json(await list(tech, {}, tech.workspaceId), 200)).unread).toBe(3);
    // Nothing left unread: still 204.
    await json(await post(tech, '/api/notifications/read-all'), 204);
  });
});
