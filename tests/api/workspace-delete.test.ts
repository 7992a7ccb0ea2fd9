import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSends, tasks, verifications, workspaceMembers, workspaces } from '../../src/server/db/schema';
import { tinyPng } from '../support/images';
import {
  addMember,
  addVisitTask,
  createInvoiceRow,
  createProperty,
  createTask,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// Deleting a workspace (owners only) takes every business row in it and its stored files; a
// member whose default it was falls back to another. Claiming an address from whoever signed up
// with it unproven shows the new owner the workspaces made before, to delete or keep.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The reset link's token, as 'Forgot password?' would have mailed it to the address's owner. */
async function resetToken(user: TestUser) {
  const token = randomBytes(16).toString('hex');
  await t.db.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

/** Resets the password through the link and signs in with it: the cookie of whoever holds the address. */
async function claim(user: TestUser, password = 'owners-harbour-4') {
  const token = await resetToken(user);
  expect((await t.request('/api/auth/reset-password', { body: { token, newPassword: password } })).status).toBe(200);
  const signIn = await t.request('/api/auth/sign-in/email', { body: { email: user.email, password } });
  expect(signIn.status).toBe(200);
  return (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Rows left in every table that has a workspace_id, by table (only the non-empty ones). */
async function rowsOf(workspaceId: string): Promise<Record<string, number>> {
  const result = await t.db.execute(
    sql`select table_name from information_schema.columns
        where column_name = 'workspace_id' and table_schema = current_schema() order by table_name`,
  );
  const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  expect(names.length).toBeGreaterThan(20);
  const left: Record<string, number> = {};
  for (const name of names) {
    const counted = await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(name)} where workspace_id = ${workspaceId}`,
    );
    const n = (counted as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if (n > 0) left[name] = n;
  }
  return left;
}

const beforeClaim = async (cookie: string) => (await json(await apiAs(t, cookie).get('/me/before-claim'), 200)).items;

describe('a workspace made before the address was claimed', () => {
  it('is shown to the new owner with its counts, and DELETE removes it, its rows and its files', async () => {
    const squatter = await createUser(t, { verified: false });
    const id = squatter.workspaceId;
    const named = await apiAs(t, squatter.cookie).patch('/workspaces/:id', {
      param: { id },
      json: { name: 'Squatter Cleaning' },
    });
    expect(named.status).toBe(200);
    const client = await json(
      await apiAs(t, squatter.cookie).post('/clients', { json: { name: 'Their client' } }),
      201,
    );
    const property = await createProperty(t, squatter, { clientId: client.id });
    const template = await createTask(t, squatter);
    const visit = await createVisit(t, property.id, { lead: squatter });
    await addVisitTask(t, visit.id, template.id);
    await createInvoiceRow(t, property.id);
    const note = await apiAs(t, squatter.cookie).post('/notes', {
      json: { content: 'Gate code 1234', attachableType: 'property', attachableId: property.id },
    });
    expect(note.status).toBe(201);
    // An upload is multipart, outside the typed JSON client.
    const photo = await json<{ id: string }>(
      await t.upload(
        squatter.cookie,
        { bytes: await tinyPng(), name: 'photo.png' },
        { attachableType: 'property', attachableId: property.id },
      ),
      201,
    );
    const [stored] = await t.db
      .execute(sql`select storage_path, thumbnail_path from photos where id = ${photo.id}`)
      .then((result) => (result as unknown as { rows: { storage_path: string; thumbnail_path: string }[] }).rows);
    expect(await t.storage.exists(stored!.storage_path)).toBe(true);
    expect(await beforeClaim(squatter.cookie)).toEqual([]);

    const cookie = await claim(squatter);
    expect(await beforeClaim(cookie)).toEqual([
      { id, name: 'Squatter Cleaning', clients: 1, properties: 1, visits: 1 },
    ]);
    expect(Object.keys(await rowsOf(id)).length).toBeGreaterThan(5);

    expect((await apiAs(t, cookie).del('/workspaces/:id', { param: { id } })).status).toBe(204);
    expect(await rowsOf(id)).toEqual({});
    expect(await t.db.$count(workspaces, eq(workspaces.id, id))).toBe(0);
    expect(await t.db.$count(tasks, eq(tasks.id, template.id))).toBe(0);
    expect(await t.storage.exists(stored!.storage_path)).toBe(false);
    expect(await t.storage.exists(stored!.thumbnail_path)).toBe(false);
    expect(await beforeClaim(cookie)).toEqual([]);
    // The account starts again somewhere of its own, never in the deleted one.
    const me = await json(await apiAs(t, cookie).get('/me', { headers: { 'X-Workspace': id } }), 200);
    expect(me.workspaces.map((workspace) => workspace.id)).not.toContain(id);
    expect(me.workspace?.id).not.toBe(id);
    expect((await apiAs(t, cookie).get('/workspaces/:id', { param: { id } })).status).toBe(404);
  });

  it('“Keep it” leaves the workspace and stops showing it', async () => {
    const squatter = await createUser(t, { verified: false });
    const cookie = await claim(squatter);
    expect((await beforeClaim(cookie)).map((item) => item.id)).toEqual([squatter.workspaceId]);
    expect((await apiAs(t, cookie).del('/me/before-claim/:id', { param: { id: squatter.workspaceId } })).status).toBe(
      204,
    );
    expect(await beforeClaim(cookie)).toEqual([]);
    expect(await t.db.$count(workspaces, eq(workspaces.id, squatter.workspaceId))).toBe(1);
    expect((await apiAs(t, cookie).del('/me/before-claim/:id', { param: { id: squatter.workspaceId } })).status).toBe(
      404,
    );
  });

  it('a verified account’s own reset marks nothing; another’s workspace cannot be kept for them', async () => {
    const owner = await createUser(t);
    const cookie = await claim(owner, 'owners-harbour-5');
    expect(await beforeClaim(cookie)).toEqual([]);
    const squatter = await createUser(t, { verified: false });
    await claim(squatter);
    expect((await apiAs(t, cookie).del('/me/before-claim/:id', { param: { id: squatter.workspaceId } })).status).toBe(
      404,
    );
    const [mark] = await t.db
      .select({ mark: workspaceMembers.madeBeforeClaim })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, squatter.workspaceId));
    expect(mark?.mark).toBe(true);
  });
});

describe('DELETE /api/workspaces/{id}', () => {
  it('owners only: a manager and a technician get 403, another workspace’s owner 404, and nothing goes', async () => {
    const owner = await createUser(t);
    const manager = await createUser(t);
    const technician = await createUser(t);
    const stranger = await createUser(t);
    await addMember(t, owner.workspaceId, manager, 'manager');
    await addMember(t, owner.workspaceId, technician, 'technician');
    await createProperty(t, owner);
    const remove = (user: TestUser) =>
      apiAs(t, user.cookie).del('/workspaces/:id', { param: { id: owner.workspaceId } });
    expect(await json(await remove(manager), 403)).toEqual({
      error: { code: 'FORBIDDEN', message: 'Only owners can do this' },
    });
    expect((await remove(technician)).status).toBe(403);
    expect(await json(await remove(stranger), 404)).toEqual({
      error: { code: 'NOT_FOUND', message: 'Workspace not found' },
    });
    expect(await rowsOf(owner.workspaceId)).toMatchObject({ properties: 1, workspace_members: 3 });

    const me = await json(await apiAs(t, owner.cookie).get('/me'), 200);
    expect(me.can?.deleteWorkspace).toBe(true);
    const theirs = await json(await apiAs(t, manager.cookie).get('/me'), 200);
    expect(theirs.can?.deleteWorkspace).toBe(false);
  });

  it('a member whose default it was falls back to another of theirs; the mail sent stays counted', async () => {
    const owner = await createUser(t);
    const manager = await createUser(t);
    await addMember(t, owner.workspaceId, manager, 'manager');
    await t.db.insert(mailSends).values({
      userId: owner.id,
      workspaceId: owner.workspaceId,
      kind: 'invitation',
      recipient: 'someone@example.com',
    });
    expect((await apiAs(t, owner.cookie).del('/workspaces/:id', { param: { id: owner.workspaceId } })).status).toBe(
      204,
    );
    const me = await json(await apiAs(t, manager.cookie).get('/me'), 200);
    expect(me.workspace?.id).toBe(manager.workspaceId);
    expect(me.workspaces.map((workspace) => workspace.id)).toEqual([manager.workspaceId]);
    const kept = await t.db
      .select({ userId: mailSends.userId, workspaceId: mailSends.workspaceId })
      .from(mailSends)
      .where(eq(mailSends.recipient, 'someone@example.com'));
    expect(kept).toEqual([{ userId: owner.id, workspaceId: null }]);
  });
});
