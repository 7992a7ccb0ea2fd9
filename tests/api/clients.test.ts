import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '../../src/server/db/schema';
import { addMember, createProperty, createUser, createVisit, type TestUser } from '../support/factories';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { createTestApp, type TestApp } from '../support/test-app';

// Clients per workspace. CRUD, the messages, who sees what (another workspace 404; a
// technician no client record, only the name and phone on the visits they are on), a property's
// client, and the CSV export parsed back.

let t: TestApp;
let owner: TestUser;
let manager: TestUser;
let tech: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Olive Owner' });
  manager = await createUser(t);
  tech = await createUser(t);
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, manager, 'manager');
  await addMember(t, owner.workspaceId, tech, 'technician');
});
afterAll(async () => {
  await t.close();
});

const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'Client not found' } };

const post = (user: TestUser, body: unknown) => apiAs(t, user.cookie).post('/clients', { json: body });
const get = (user: TestUser, url: string) => t.request(url, { cookie: user.cookie });
const patch = (user: TestUser, url: string, body: unknown) =>
  t.request(url, { method: 'PATCH', cookie: user.cookie, body });
const del = (user: TestUser, url: string) => t.request(url, { method: 'DELETE', cookie: user.cookie });
const readClient = (user: TestUser, id: string) => apiAs(t, user.cookie).get('/clients/:id', { param: { id } });
const listClients = (user: TestUser, query: Record<string, string | number> = {}) =>
  apiAs(t, user.cookie).get('/clients', { query });
const readProperty = (user: TestUser, id: string) => apiAs(t, user.cookie).get('/properties/:id', { param: { id } });
const editProperty = (user: TestUser, id: string, body: unknown) =>
  apiAs(t, user.cookie).patch('/properties/:id', { param: { id }, json: body });

async function newClient(user: TestUser, body: Record<string, unknown>) {
  return json(await post(user, body), 201);
}

/** RFC 4180, enough to read our own output back: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += char;
  }
  expect(field, 'the last record ends with CRLF').toBe('');
  expect(record).toEqual([]);
  return records;
}

describe('clients CRUD', () => {
  it('creates, reads, updates and deletes a client, trimming text and blank as null', async () => {
    const created = await newClient(owner, {
      name: '  Ada Lovelace ',
      company: 'Analytical Engines',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      billingAddress: '12 St James Sq, London',
      notes: '',
    });
    expect(created).toMatchObject({
      name: 'Ada Lovelace',
      company: 'Analytical Engines',
      email: 'ada@example.com',
      phone: '+1 555 0100',
      billingAddress: '12 St James Sq, London',
      notes: null,
      propertyCount: 0,
      can: { edit: true, delete: true },
    });
    expect(await json(await readClient(manager, created.id), 200)).toMatchObject({
      id: created.id,
      name: 'Ada Lovelace',
    });

    const changed = await json(
      await apiAs(t, manager.cookie).patch('/clients/:id', {
        param: { id: created.id },
        json: { phone: '+1 555 0199', company: '' },
      }),
      200,
    );
    // what is left out is kept; a blank field is cleared
    expect(changed).toMatchObject({
      name: 'Ada Lovelace',
      phone: '+1 555 0199',
      company: null,
      email: 'ada@example.com',
      billingAddress: '12 St James Sq, London',
    });

    expect((await del(owner, `/api/clients/${created.id}`)).status).toBe(204);
    expect(await json(await get(owner, `/api/clients/${created.id}`), 404)).toEqual(NOT_FOUND);
  });

  it('answers the form its messages', async () => {
    expect(await json(await post(owner, { name: '   ' }), 400)).toMatchObject({
      error: { message: 'Client name is required', fields: { name: 'Client name is required' } },
    });
    expect(await json(await post(owner, {}), 400)).toMatchObject({
      error: { fields: { name: 'Client name is required' } },
    });
    expect(await json(await post(owner, { name: 'X', email: 'not-an-address' }), 400)).toMatchObject({
      error: { fields: { email: 'Please enter a valid email address' } },
    });
    expect(await json(await post(owner, { name: 'x'.repeat(101) }), 400)).toMatchObject({
      error: { fields: { name: expect.stringContaining('Client name') } },
    });
    const client = await newClient(owner, { name: 'Valid' });
    expect(await json(await patch(owner, `/api/clients/${client.id}`, { name: '' }), 400)).toMatchObject({
      error: { fields: { name: 'Client name is required' } },
    });
    expect(await json(await get(owner, '/api/clients/not-a-uuid'), 404)).toEqual(NOT_FOUND);
  });

  it('lists by name, paginated, searching name, e-mail or phone', async () => {
    const mine = await createUser(t);
    await newClient(mine, { name: 'Zed Zebra', email: 'zed@zoo.example', phone: '555-7777' });
    await newClient(mine, { name: 'Amy Apple', email: 'amy@orchard.example', phone: '555-1111' });
    await newClient(mine, { name: 'bob Berry', email: 'bob@orchard.example' });
    const all = await json(await listClients(mine, { limit: 2 }), 200);
    expect(all.total).toBe(3);
    expect(all.items.map((item) => item.name)).toEqual(['Amy Apple', 'bob Berry']);
    const next = await json(await listClients(mine, { limit: 2, offset: 2 }), 200);
    expect(next.items.map((item) => item.name)).toEqual(['Zed Zebra']);
    const byEmail = await json(await listClients(mine, { q: 'ORCHARD' }), 200);
    expect(byEmail.items.map((item) => item.name)).toEqual(['Amy Apple', 'bob Berry']);
    const byPhone = await json(await listClients(mine, { q: 7777 }), 200);
    expect(byPhone.items.map((item) => item.name)).toEqual(['Zed Zebra']);
    const byName = await json(await listClients(mine, { q: 'berry' }), 200);
    expect(byName).toMatchObject({ total: 1, items: [{ name: 'bob Berry' }] });
  });
});

describe('who sees clients', () => {
  it('another workspace gets 404 on read, change and delete, and an empty list', async () => {
    const client = await newClient(owner, { name: 'Private Person' });
    for (const response of [
      await get(stranger, `/api/clients/${client.id}`),
      await patch(stranger, `/api/clients/${client.id}`, { name: 'Taken' }),
      await del(stranger, `/api/clients/${client.id}`),
    ]) {
      expect(await json(response, 404)).toEqual(NOT_FOUND);
    }
    const list = await json(await listClients(stranger, { q: 'Private' }), 200);
    expect(list).toEqual({ items: [], total: 0 });
    // nor can a property of theirs be given it
    const theirs = await createProperty(t, stranger);
    expect(
      await json(
        await patch(stranger, `/api/properties/${theirs.id}`, { name: 'P', address: '1 A St', clientId: client.id }),
        404,
      ),
    ).toEqual(NOT_FOUND);
  });

  it('a technician reads no client record, but sees the name and phone on a visit they are on, and nothing else', async () => {
    const client = await newClient(owner, {
      name: 'Grace Hopper',
      company: 'Navy',
      email: 'grace@example.com',
      phone: '+1 555 0142',
      billingAddress: '1 Secret Rd',
      notes: 'Prefers mornings',
    });
    const property = await createProperty(t, owner, { clientId: client.id }, [tech]);
    const visit = await createVisit(t, property.id, { lead: tech });
    const elsewhere = await createVisit(t, property.id, { lead: owner });

    expect(await json(await get(tech, `/api/clients/${client.id}`), 404)).toEqual(NOT_FOUND);
    expect(await json(await listClients(tech), 200)).toEqual({ items: [], total: 0 });
    expect(await json(await post(tech, { name: 'Nope' }), 403)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await patch(tech, `/api/clients/${client.id}`, { name: 'Nope' })).status).toBe(404);
    expect((await del(tech, `/api/clients/${client.id}`)).status).toBe(404);
    // the client's filters are the office's
    expect((await get(tech, `/api/properties?clientId=${client.id}`)).status).toBe(403);
    expect((await get(tech, `/api/visits?clientId=${client.id}`)).status).toBe(403);

    const detail = await json(await apiAs(t, tech.cookie).get('/visits/:id', { param: { id: visit.id } }), 200);
    expect(detail.client).toEqual({ name: 'Grace Hopper', phone: '+1 555 0142' });
    const list = await json(await apiAs(t, tech.cookie).get('/visits', { query: { propertyId: property.id } }), 200);
    expect(list.items.map((item) => item.id)).toEqual([visit.id]);
    expect(list.items[0]!.client).toEqual({ name: 'Grace Hopper', phone: '+1 555 0142' });
    expect((await get(tech, `/api/visits/${elsewhere.id}`)).status).toBe(404);
    // nothing else of the client anywhere the technician looks
    const seen = JSON.stringify([
      detail,
      list,
      await json(await get(tech, `/api/properties/${property.id}`), 200),
      await json(await get(tech, `/api/properties?limit=100`), 200),
    ]);
    for (const secret of [client.id, 'Navy', 'grace@example.com', '1 Secret Rd', 'Prefers mornings']) {
      expect(seen).not.toContain(secret);
    }
    const techProperty = await json(await readProperty(tech, property.id), 200);
    expect(techProperty).toMatchObject({ clientId: null, clientName: null, client: null });
  });
});

describe("a property's client", () => {
  it('is set, changed and cleared from the property form, and its DTO carries the client id and name', async () => {
    const ada = await newClient(owner, { name: 'Ada', phone: '555-0001', email: 'ada@example.com' });
    const bea = await newClient(owner, { name: 'Bea' });
    const created = await json(
      await apiAs(t, owner.cookie).post('/properties', {
        json: { name: 'Mill House', address: '3 Mill Ln', clientId: ada.id },
      }),
      201,
    );
    expect(created).toMatchObject({
      clientId: ada.id,
      clientName: 'Ada',
      client: { id: ada.id, name: 'Ada', phone: '555-0001', email: 'ada@example.com' },
      can: { manageClient: true },
    });
    const form = { name: 'Mill House', address: '3 Mill Ln' };
    // left out: kept
    expect(await json(await editProperty(owner, created.id, form), 200)).toMatchObject({ clientId: ada.id });
    expect(await json(await editProperty(owner, created.id, { ...form, clientId: bea.id }), 200)).toMatchObject({
      clientId: bea.id,
      clientName: 'Bea',
    });
    const list = await json(await apiAs(t, owner.cookie).get('/properties', { query: { clientId: bea.id } }), 200);
    expect(list.items.map((item) => [item.id, item.clientName])).toEqual([[created.id, 'Bea']]);
    expect(await json(await readClient(owner, bea.id), 200)).toMatchObject({ propertyCount: 1 });
    expect(await json(await editProperty(owner, created.id, { ...form, clientId: null }), 200)).toMatchObject({
      clientId: null,
      clientName: null,
      client: null,
    });
    expect(await json(await editProperty(owner, created.id, { ...form, clientId: 'nope' }), 400)).toMatchObject({
      error: { fields: { clientId: 'Please select a client' } },
    });
  });

  it('deleting a client leaves its properties without a client', async () => {
    const client = await newClient(owner, { name: 'Leaving Soon' });
    const one = await createProperty(t, owner, { clientId: client.id });
    const two = await createProperty(t, owner, { clientId: client.id });
    expect((await del(owner, `/api/clients/${client.id}`)).status).toBe(204);
    for (const property of [one, two]) {
      const read = await json(await readProperty(owner, property.id), 200);
      expect(read).toMatchObject({ id: property.id, clientId: null, client: null });
    }
  });

  it("'Create client from this property' names the client after the property, bills it at its address and links it", async () => {
    const property = await createProperty(t, owner, {
      name: 'Oak Lodge',
      address: '9 Oak Rd',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    expect(
      (await apiAs(t, tech.cookie).post('/properties/:id/client', { param: { id: property.id }, json: {} })).status,
    ).toBe(404);
    const linked = await json(
      await apiAs(t, manager.cookie).post('/properties/:id/client', { param: { id: property.id }, json: {} }),
      201,
    );
    expect(linked).toMatchObject({ clientName: 'Oak Lodge' });
    const client = await json(await readClient(owner, linked.clientId!), 200);
    expect(client).toMatchObject({
      name: 'Oak Lodge',
      billingAddress: '9 Oak Rd, Austin, TX, 78701',
      propertyCount: 1,
    });
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.clientId).toBe(client.id);
  });
});

describe('GET /api/clients.csv', () => {
  it('streams the filtered list as RFC 4180 CSV with formula escapes, and refuses technicians', async () => {
    const csvOwner = await createUser(t);
    const csvTech = await createUser(t);
    await addMember(t, csvOwner.workspaceId, csvTech, 'technician');
    const tricky = await newClient(csvOwner, {
      name: 'Quote "Q" Person, Jr.',
      company: '=HYPERLINK("http://evil.example")',
      email: 'q@export.example',
      phone: '+1 555 0100',
      billingAddress: '1 Line St\r\nSuite 2',
      notes: '@SUM(A1:A2)',
    });
    await createProperty(t, csvOwner, { clientId: tricky.id });
    await newClient(csvOwner, { name: '-Minus', email: 'minus@export.example' });
    await newClient(csvOwner, { name: 'Filtered Out', email: 'other@elsewhere.example' });

    const response = await get(csvOwner, '/api/clients.csv?q=export.example');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('clients.csv');
    const text = await response.text();
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual(['Name', 'Company', 'Email', 'Phone', 'Billing address', 'Notes', 'Properties', 'Created']);
    expect(rows.map((row) => row.slice(0, 7))).toEqual([
      ["'-Minus", '', 'minus@export.example', '', '', '', '0'],
      [
        'Quote "Q" Person, Jr.',
        `'=HYPERLINK("http://evil.example")`,
        'q@export.example',
        "'+1 555 0100",
        '1 Line St\r\nSuite 2',
        "'@SUM(A1:A2)",
        '1',
      ],
    ]);
    expect(text).toContain('"Quote ""Q"" Person, Jr."');
    // ISO 8601 on the business's clock (UTC by default), to the second.
    expect(rows[1]![7]).toBe(tricky.createdAt.replace(/\.\d{3}Z$/, 'Z'));

    const forbidden = await get(csvTech, '/api/clients.csv');
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    // another workspace's export holds none of these
    expect(await (await get(stranger, '/api/clients.csv?q=export.example')).text()).toBe(
      'Name,Company,Email,Phone,Billing address,Notes,Properties,Created\r\n',
    );
  });
});
