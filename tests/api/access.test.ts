import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canSeeAttachable } from '../../src/server/access';
import type { Actor } from '../../src/server/auth/actor';
import { properties } from '../../src/server/db/schema';
import type { NoteAttachableType } from '../../src/shared/constants';
import {
  actorOf,
  createInvoiceRow,
  createPhotoRow,
  createProperty,
  createSecondaryProfile,
  createTask,
  createUser,
  createVisit,
  profileOf,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// visibleAttachable (access.ts): who may see each of the seven attachable types of spec §3,
// and so who sees the photos and notes attached to them.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Who = 'owner' | 'technician' | 'stranger' | 'admin';

describe('visibleAttachable', () => {
  let people: Record<Who, Actor>;
  let records: Record<NoteAttachableType, string>;

  beforeAll(async () => {
    const owner = await createUser(t);
    const technician = await createUser(t);
    const stranger = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    people = {
      owner: actorOf(owner),
      technician: actorOf(technician),
      stranger: actorOf(stranger),
      admin: actorOf(admin, 'admin'),
    };
    const property = await createProperty(t, owner, {}, [technician]);
    const visit = await createVisit(t, property.id, { lead: owner, assistants: [technician] });
    const invoice = await createInvoiceRow(t, property.id);
    const photo = await createPhotoRow(t, technician, { type: 'visit', id: visit.id });
    records = {
      property: property.id,
      task: (await createTask(t, owner)).id,
      visit: visit.id,
      invoice: invoice.id,
      profile: (await profileOf(t, owner)).id,
      secondary_profile: (await createSecondaryProfile(t, owner)).id,
      photo: photo.id,
    };
  });

  // Rows: type; columns: owner, linked technician, stranger, admin.
  const expected: [NoteAttachableType, boolean, boolean, boolean, boolean][] = [
    ['property', true, true, false, true],
    ['task', true, true, true, true], // one shared catalogue
    ['visit', true, true, false, true],
    ['invoice', true, false, false, true], // technicians do not see invoices
    ['profile', true, false, false, true],
    ['secondary_profile', true, false, false, false], // its owner only, admins included
    ['photo', true, true, false, true], // as what it is attached to (a visit)
  ];

  it.each(expected)('%s: owner %s, technician %s, stranger %s, admin %s', async (type, ...visible) => {
    const seen = await Promise.all(
      (['owner', 'technician', 'stranger', 'admin'] as const).map((who) =>
        canSeeAttachable(t.db, people[who], type, records[type]),
      ),
    );
    expect(seen).toEqual(visible);
  });

  it('sees nothing that does not exist, and nothing under a deleted property', async () => {
    for (const type of Object.keys(records) as NoteAttachableType[]) {
      expect(await canSeeAttachable(t.db, people.admin, type, '00000000-0000-4000-8000-000000000000')).toBe(false);
    }
    const owner = await createUser(t);
    const property = await createProperty(t, owner);
    const visit = await createVisit(t, property.id, { lead: owner });
    const photo = await createPhotoRow(t, owner, { type: 'property', id: property.id });
    await t.db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, property.id));
    for (const actor of [actorOf(owner), people.admin]) {
      expect(await canSeeAttachable(t.db, actor, 'property', property.id)).toBe(false);
      expect(await canSeeAttachable(t.db, actor, 'visit', visit.id)).toBe(false);
      expect(await canSeeAttachable(t.db, actor, 'photo', photo.id)).toBe(false);
    }
  });

  it('a standalone photo is its uploader’s alone', async () => {
    const uploader = await createUser(t);
    const photo = await createPhotoRow(t, uploader, { type: 'property', id: null });
    expect(await canSeeAttachable(t.db, actorOf(uploader), 'photo', photo.id)).toBe(true);
    expect(await canSeeAttachable(t.db, people.stranger, 'photo', photo.id)).toBe(false);
    expect(await canSeeAttachable(t.db, people.admin, 'photo', photo.id)).toBe(false);
  });
});
