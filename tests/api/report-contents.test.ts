import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VisitReportDto } from '../../src/shared/schemas/visit-report';
import {
  addMember,
  createClientRow,
  createProperty,
  createUser,
  createVisit,
  type TestUser,
} from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiAs } from '../support/api';
import { json } from '../support/json';

// What a visit report tells whom: a technician gets the client's name and phone only (docs/api.md),
// and the client, in the portal, reads the staff's names and never their e-mail addresses.

let t: TestApp;
let owner: TestUser;
let tech: TestUser;
let customer: TestUser;
let visitId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { name: 'Report Owner' });
  tech = await createUser(t);
  await addMember(t, owner.workspaceId, tech, 'technician', owner);
  customer = await createUser(t);
  const property = await createProperty(t, owner, { name: 'Report Place' });
  await createClientRow(
    t,
    owner.workspaceId,
    { name: 'Rita Client', phone: '555-0142', billingAddress: '12 Billing Lane', email: customer.email },
    [property.id],
  );
  visitId = (await createVisit(t, property.id, { lead: tech, assistants: [owner], status: 'completed' })).id;
});
afterAll(async () => {
  await t.close();
});

describe('the visit report, by reader', () => {
  it('a technician on the visit gets the client’s name and phone, not the billing address', async () => {
    const response = await apiAs(t, tech.cookie).get('/visits/:id/report', {
      param: { id: visitId },
      headers: { 'X-Workspace': owner.workspaceId },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    const report = JSON.parse(text) as VisitReportDto;
    expect(report.client).toEqual({
      name: 'Rita Client',
      company: null,
      address: null,
      phone: '555-0142',
      email: null,
    });
    expect(text).not.toContain('12 Billing Lane');
  });

  it('the office gets the whole client', async () => {
    const report = await json(await apiAs(t, owner.cookie).get('/visits/:id/report', { param: { id: visitId } }), 200);
    expect(report.client).toMatchObject({ address: '12 Billing Lane', phone: '555-0142', email: customer.email });
  });

  it('the client in the portal reads the staff’s names, never their e-mail addresses', async () => {
    const response = await apiAs(t, customer.cookie).get('/portal/visits/:id', { param: { id: visitId } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain(tech.email);
    expect(text).not.toContain(owner.email);
    const report = JSON.parse(text) as VisitReportDto;
    expect(report.people.map((person) => person.displayName)).toEqual(
      expect.arrayContaining(['Report Owner', 'Team member']),
    );
  });
});
