import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoteAttachableType } from '../../src/shared/constants';
import { NIL_ATTACHABLE_ID } from '../../src/shared/constants';
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
  profileOf,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json, refusal } from '../support/json';

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let stranger: TestUser;
let admin: TestUser;
let manager: TestUser;
let records: Record<NoteAttachableType, string>;
let names: Record<NoteAttachableType, string>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  tech = await createUser(t);
  stranger = await createUser(t);
  admin = await createUser(t, { role: 'admin' });
  manager = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager');
  const property = await createProperty(t, owner, { name: 'Note Hall' }, [tech]);
  const visit = await createVisit(t, property.id, {
    lead: owner,
    assistants: [tech],
    scheduledAt: new Date('2030-03-04T10:00:00Z'),
  });
  const task = await createTask(t, owner, { name: 'Sweep chimney' });
  const invoice = await createInvoiceRow(t, property.id, { invoiceNumber: 'INV-2030001' });
  const secondary = await createSecondaryProfile(t, owner, { displayName: 'Weekend Contact' });
  const photo = await createPhotoRow(t, owner, { type: 'visit', id: visit.id }, { fileName: 'IMG_9.JPG' });
  records = {
    property: property.id,
    task: task.id,
    visit: visit.id,
    invoice: invoice.id,
    client: (await createClientRow(t, owner.workspaceId, { name: 'Ada Client' }, [property.id])).id,
    profile: (await profileOf(t, owner)).id,
    secondary_profile: secondary.id,
    photo: photo.id,
  };
  names = {
    property: 'Note Hall',
    task: 'Sweep chimney',
    visit: 'Note Hall, Mar 4, 2030',
    invoice: 'INV-2030001',
    client: 'Ada Client',
    profile: 'Olive Owner',
    secondary_profile: 'Weekend Contact',
    photo: 'IMG_9.JPG',
  };
});
afterAll(async () => {
  await t.close();
});

const post = (user: TestUser, body: Record<string, unknown>) => apiAs(t, user.cookie).post('/notes', { json: body });
const get = (user: TestUser, url: string) => t.request(url, { cookie: user.cookie });
const readNote = (user: TestUser, id: string) => apiAs(t, user.cookie).get('/notes/:id', { param: { id } });
const list = (user: TestUser, query: Record<string, string | number>) => apiAs(t, user.cookie).get('/notes', { query });

describe('the seven attachable types', () => {
  // Rows: type; who besides the owner sees it: a technician on the visit, a manager of the
  // workspace, someone of another business, a platform admin who is not a member.
  const expected: [NoteAttachableType, boolean, boolean, boolean, boolean][] = [
    ['property', true, true, false, false],
    ['task', true, true, false, false],
    ['visit', true, true, false, false],
    ['invoice', false, true, false, false],
    ['client', false, true, false, false],
    ['profile', false, false, false, false],
    ['secondary_profile', false, false, false, false],
    ['photo', true, true, false, false],
  ];

  it.each(expected)(
    '%s: technician %s, manager %s, stranger %s, admin %s',
    async (type, techSees, managerSees, strangerSees, adminSees) => {
      const note = await json(
        await post(owner, { content: `About this ${type}`, attachableType: type, attachableId: records[type] }),
        201,
      );
      expect(note).toMatchObject({
        attachableType: type,
        attachableId: records[type],
        attachedName: names[type],
        author: { displayName: 'Olive Owner', email: owner.email },
        edited: false,
        can: { edit: true, delete: true },
      });
      for (const [user, sees] of [
        [tech, techSees],
        [manager, managerSees],
        [stranger, strangerSees],
        [admin, adminSees],
      ] as const) {
        const read = await readNote(user, note.id);
        expect(read.status, `${type} read`).toBe(sees ? 200 : 404);
        if (!sees) expect(await read.json()).toMatchObject({ error: { message: 'Note not found' } });
        const listed = await json(await list(user, { attachableType: type, limit: 100 }), 200);
        expect(
          listed.items.some((item) => item.id === note.id),
          `${type} listed`,
        ).toBe(sees);
        // attaching: only to what one can see, else that record's own 404
        const attach = await post(user, { content: 'Mine too', attachableType: type, attachableId: records[type] });
        expect(attach.status, `${type} attach`).toBe(sees ? 201 : 404);
        const name = await get(user, `/api/attachables/${type}/${records[type]}`);
        expect(name.status, `${type} name`).toBe(sees ? 200 : 404);
        if (sees) expect(await name.json()).toEqual({ type, id: records[type], name: names[type] });
      }
    },
  );

  it('attaching to a record one cannot see says so in that record’s words', async () => {
    const messages: Partial<Record<NoteAttachableType, string>> = {
      property: 'Property not found or access denied',
      visit: 'Visit not found',
      invoice: 'Invoice not found',
      photo: 'Photo not found',
      secondary_profile: 'Profile not found',
    };
    for (const [type, message] of Object.entries(messages)) {
      const response = await post(stranger, {
        content: 'x',
        attachableType: type,
        attachableId: records[type as NoteAttachableType],
      });
      expect(await json(response, 404)).toMatchObject({ error: { message } });
    }
  });
});

describe('standalone notes and the rules of a note', () => {
  it('no id, a blank one or the all-zero one is standalone: type as given (default property), seen only by its author', async () => {
    for (const body of [{}, { attachableId: '' }, { attachableType: 'visit', attachableId: NIL_ATTACHABLE_ID }]) {
      const note = await json(await post(tech, { content: 'Standalone thought', ...body }), 201);
      expect(note).toMatchObject({
        attachableType: 'attachableType' in body ? 'visit' : 'property',
        attachableId: null,
        attachedName: null,
      });
      expect((await readNote(owner, note.id)).status).toBe(404);
      expect((await readNote(admin, note.id)).status).toBe(404);
      expect((await readNote(tech, note.id)).status).toBe(200);
    }
  });

  it('content is trimmed, required, not blank and at most 10,000 characters; an unknown type is 400', async () => {
    const trimmed = await json(await post(owner, { content: '  line one\nline two  ' }), 201);
    expect(trimmed.content).toBe('line one\nline two');
    const cases: [unknown, string][] = [
      [undefined, 'Note content is required'],
      ['', 'Note content is required'],
      ['   \n ', 'Note content cannot be empty'],
      ['x'.repeat(10_001), 'Note content must be at most 10,000 characters'],
    ];
    for (const [content, message] of cases) {
      const body = await refusal(await post(owner, { content }), 400);
      expect(body.error.fields?.content).toBe(message);
    }
    expect((await post(owner, { content: 'x'.repeat(10_000) })).status).toBe(201);
    expect((await post(owner, { content: 'x', attachableType: 'garage' })).status).toBe(400);
  });

  it('only the author edits (content only, updatedAt moves) or deletes; others get 403 or 404', async () => {
    const note = await json(
      await post(owner, { content: 'Gate code 4321', attachableType: 'property', attachableId: records.property }),
      201,
    );
    const byTech = await apiAs(t, tech.cookie).patch('/notes/:id', { param: { id: note.id }, json: { content: 'x' } });
    expect(await json(byTech, 403)).toMatchObject({ error: { message: 'Unauthorized to edit this note' } });
    const deleteByTech = await apiAs(t, tech.cookie).del('/notes/:id', { param: { id: note.id } });
    expect(await json(deleteByTech, 403)).toMatchObject({ error: { message: 'Unauthorized to delete this note' } });
    const byManager = await apiAs(t, manager.cookie).del('/notes/:id', { param: { id: note.id } });
    expect(byManager.status).toBe(403);
    const byAdmin = await apiAs(t, admin.cookie).del('/notes/:id', { param: { id: note.id } });
    expect(byAdmin.status).toBe(404);
    const byStranger = await apiAs(t, stranger.cookie).del('/notes/:id', { param: { id: note.id } });
    expect(byStranger.status).toBe(404);
    expect((await json(await readNote(tech, note.id), 200)).can).toEqual({
      edit: false,
      delete: false,
    });

    const edited = await json(
      await apiAs(t, owner.cookie).patch('/notes/:id', {
        param: { id: note.id },
        // the attachment is fixed: a type or id sent along changes nothing
        json: { content: 'Gate code 9999', attachableType: 'task', attachableId: records.task },
      }),
      200,
    );
    expect(edited).toMatchObject({
      content: 'Gate code 9999',
      attachableType: 'property',
      attachableId: records.property,
      edited: true,
    });
    expect(edited.updatedAt > edited.createdAt).toBe(true);

    expect((await apiAs(t, owner.cookie).del('/notes/:id', { param: { id: note.id } })).status).toBe(204);
    expect((await readNote(owner, note.id)).status).toBe(404);
  });
});

describe('listing', () => {
  it('searches content, filters by type and record, newest first, with author and attached name', async () => {
    const marker = `parakeet-${Date.now()}`;
    const first = await json(
      await post(owner, { content: `Old ${marker} note`, attachableType: 'task', attachableId: records.task }),
      201,
    );
    const second = await json(
      await post(tech, {
        content: `New ${marker.toUpperCase()} note`,
        attachableType: 'task',
        attachableId: records.task,
      }),
      201,
    );
    const found = await json(await list(owner, { q: marker }), 200);
    expect(found.total).toBe(2);
    expect(found.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(found.items[0]).toMatchObject({
      author: { email: tech.email },
      attachedName: 'Sweep chimney',
      can: { edit: false },
    });
    const byRecord = await json(
      await list(owner, { attachableType: 'task', attachableId: records.task, q: marker }),
      200,
    );
    expect(byRecord.items).toHaveLength(2);
    const wildcard = await json(await list(owner, { q: `%${marker}` }), 200);
    expect(wildcard.total).toBe(0);
  });

  it('names each type of record for /api/attachables, and 404s an unknown type or id', async () => {
    expect((await get(owner, `/api/attachables/garage/${records.property}`)).status).toBe(404);
    expect((await get(owner, '/api/attachables/property/not-a-uuid')).status).toBe(404);
    expect(await json(await get(owner, `/api/attachables/property/${NIL_ATTACHABLE_ID}`), 404)).toMatchObject({
      error: { message: 'Property not found or access denied' },
    });
  });
});
