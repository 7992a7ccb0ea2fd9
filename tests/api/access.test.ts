import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleAttachable } from '../../src/server/access/attachables';
import type { Member } from '../../src/server/access/member';
import { policy } from '../../src/server/access/policy';
import { notes } from '../../src/server/db/schema';
import type { NoteAttachableType } from '../../src/shared/constants';
import {
  addMember,
  createClientRow,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  memberOf,
  profileOf,
  workspaceOfAttachable,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// The policy's attachable rules (access/policy.ts): who may see each of the seven attachable types of
// spec §3, in its two forms: one record (visibleAttachable) and the note and photo scopes lists
// are built on, which derive from the same entries.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WHO = ['owner', 'manager', 'onVisit', 'offVisit', 'otherBusiness', 'admin'] as const;
type Who = (typeof WHO)[number];

async function seen(condition: SQL): Promise<boolean> {
  const result = await t.db.execute(sql`select (${condition}) as seen`);
  return (result as unknown as { rows: { seen: boolean }[] }).rows[0]?.seen === true;
}

describe('attachable visibility', () => {
  let people: Record<Who, Member>;
  let owner: TestUser;
  let onVisit: TestUser;
  let records: Record<NoteAttachableType, string>;

  beforeAll(async () => {
    owner = await createUser(t);
    const manager = await createUser(t);
    onVisit = await createUser(t);
    const offVisit = await createUser(t);
    const otherBusiness = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    await addMember(t, owner.workspaceId, manager, 'manager');
    await addMember(t, owner.workspaceId, onVisit, 'technician');
    await addMember(t, owner.workspaceId, offVisit, 'technician');
    people = {
      owner: await memberOf(t, owner),
      manager: await memberOf(t, manager, owner.workspaceId),
      onVisit: await memberOf(t, onVisit, owner.workspaceId),
      offVisit: await memberOf(t, offVisit, owner.workspaceId),
      otherBusiness: await memberOf(t, otherBusiness),
      admin: await memberOf(t, admin),
    };
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner, assistants: [onVisit] });
    const invoice = await createInvoiceRow(t, property.id);
    const photo = await createPhotoRow(t, onVisit, { type: 'visit', id: visit.id });
    records = {
      property: property.id,
      task: (await createTask(t, owner)).id,
      visit: visit.id,
      invoice: invoice.id,
      client: (await createClientRow(t, owner.workspaceId, {}, [property.id])).id,
      profile: (await profileOf(t, owner)).id,
      secondary_profile: (await createSecondaryProfile(t, owner)).id,
      photo: photo.id,
    };
  });

  // Rows: type; columns as WHO: owner, manager, technician on the visit, technician on no visit,
  // a member of another business, a platform admin who is not a member.
  const expected: [NoteAttachableType, ...boolean[]][] = [
    ['property', true, true, true, false, false, false], // a technician: the properties of their visits
    ['task', true, true, true, true, false, false], // the workspace's catalogue, read by every member
    ['visit', true, true, true, false, false, false],
    ['invoice', true, true, false, false, false, false], // never a technician's
    ['client', true, true, false, false, false, false], // the office's; a technician sees name and phone on visits only
    ['profile', true, false, false, false, false, false], // personal: its person's
    ['secondary_profile', true, false, false, false, false, false], // its owner's only
    ['photo', true, true, true, false, false, false], // as what it is attached to (the visit)
  ];

  it.each(expected)('%s: %s %s %s %s %s %s', async (type, ...visible) => {
    const answers = await Promise.all(WHO.map((who) => seen(visibleAttachable(people[who], type, records[type]))));
    expect(answers).toEqual(visible);
  });

  it('a note is seen exactly by whoever sees what it hangs on: the list scope agrees with the one-record form', async () => {
    for (const [type] of expected) {
      const [note] = await t.db
        .insert(notes)
        .values({
          workspaceId: await workspaceOfAttachable(t, type, records[type]),
          attachableType: type,
          attachableId: records[type],
          content: `on the ${type}`,
          createdBy: owner.id,
        })
        .returning();
      for (const who of WHO) {
        const throughList = await seen(
          sql`exists (select 1 from ${notes} where ${notes.id} = ${note!.id} and ${policy.note.scope(people[who])})`,
        );
        const throughRecord = await seen(visibleAttachable(people[who], type, records[type]));
        expect({ type, who, seen: throughList }).toEqual({ type, who, seen: throughRecord });
      }
    }
  });

  it('sees nothing that does not exist, and nothing under a deleted property', async () => {
    for (const type of Object.keys(records) as NoteAttachableType[]) {
      expect(await seen(visibleAttachable(people.owner, type, '00000000-0000-4000-8000-000000000000'))).toBe(false);
    }
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner, assistants: [onVisit] });
    const photo = await createPhotoRow(t, owner, { type: 'property', id: property.id });
    const removed = await t.request(`/api/properties/${property.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.status).toBe(204);
    for (const member of [people.owner, people.manager, people.onVisit]) {
      expect(await seen(visibleAttachable(member, 'property', property.id))).toBe(false);
      expect(await seen(visibleAttachable(member, 'visit', visit.id))).toBe(false);
    }
    // The office sees every photo of the workspace; a technician only through a live visit or property.
    expect(await seen(visibleAttachable(people.onVisit, 'photo', photo.id))).toBe(false);
  });

  it('a standalone photo is its uploader’s alone, in any workspace they are in', async () => {
    const photo = await createPhotoRow(t, onVisit, { type: 'property', id: null });
    const inOwnWorkspace = await memberOf(t, onVisit);
    expect(await seen(visibleAttachable(inOwnWorkspace, 'photo', photo.id))).toBe(true);
    expect(await seen(visibleAttachable(people.onVisit, 'photo', photo.id))).toBe(true);
    for (const who of ['owner', 'manager', 'otherBusiness', 'admin'] as const) {
      expect(await seen(visibleAttachable(people[who], 'photo', photo.id))).toBe(false);
    }
  });
});
