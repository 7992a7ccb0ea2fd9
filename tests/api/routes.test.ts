import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodePendingProperties, startGeocodingJob } from '../../src/server/geocoding/geocode-properties';
import { NominatimGeocoder } from '../../src/server/geocoding/geocoder';
import {
  properties,
  staffNotifications,
  visits,
  visitUsers,
  workspaceMembers,
  workspaces,
} from '../../src/server/db/schema';
import type { ErrorBody } from '../../src/shared/schemas/common';
import type { RoutePlanDto } from '../../src/shared/schemas/routes';
import {
  addMember,
  addVisitTask,
  createProperty,
  createTask,
  createUser,
  createVisit,
  memberOf,
  type TestUser,
} from '../support/factories';
import { apiAs } from '../support/api';
import { json } from '../support/json';
import { startNominatim } from '../support/nominatim';
import { startOsrm } from '../support/osrm';
import { optimizeRoutes } from '../../src/server/modules/routes/routes.service';
import { osrmTravel } from '../../src/server/travel/travel-times';
import { createTestApp, type TestApp } from '../support/test-app';

// The day as a route: coordinates on properties (given by people, or by the geocoder through a
// local fake of Nominatim's search API), and POST /api/routes/optimize (propose, then apply).

let t: TestApp;
let owner: TestUser;
let alice: TestUser;
let bob: TestUser;
let stranger: TestUser;

const DAY = '2031-05-06';
const at = (time: string) => new Date(`${DAY}T${time}:00Z`);
const CONTACT = 'ops@rounds.example';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  alice = await createUser(t, { name: 'Alice' });
  bob = await createUser(t, { name: 'Bob' });
  stranger = await createUser(t);
  await addMember(t, owner.workspaceId, alice, 'technician', owner);
  await addMember(t, owner.workspaceId, bob, 'technician', owner);
});

afterAll(async () => {
  await t?.close();
});

describe('coordinates of a property', () => {
  it('are taken and answered, both or neither, within range', async () => {
    const api = apiAs(t, owner.cookie);
    const made = await json(
      await api.post('/properties', {
        json: { name: 'Pin House', address: '1 Pin St', latitude: 30.27, longitude: -97.74 },
      }),
      201,
    );
    expect(made).toMatchObject({ latitude: 30.27, longitude: -97.74 });

    const one = await api.patch('/properties/:id', {
      param: { id: made.id },
      json: { name: 'Pin House', address: '1 Pin St', latitude: 31 },
    });
    const oneBody = await json<ErrorBody>(one, 400);
    expect(oneBody.error.fields).toHaveProperty('longitude', 'Give both latitude and longitude, or neither');

    const far = await api.patch('/properties/:id', {
      param: { id: made.id },
      json: { name: 'Pin House', address: '1 Pin St', latitude: 91, longitude: 0 },
    });
    expect((await json<ErrorBody>(far, 400)).error.fields).toHaveProperty(
      'latitude',
      'Latitude must be a number from -90 to 90',
    );
    const wrongWay = await api.patch('/properties/:id', {
      param: { id: made.id },
      json: { name: 'Pin House', address: '1 Pin St', latitude: 0, longitude: -181 },
    });
    expect((await json<ErrorBody>(wrongWay, 400)).error.fields).toHaveProperty('longitude');

    // Neither: the coordinates stay.
    const kept = await json(
      await api.patch('/properties/:id', {
        param: { id: made.id },
        json: { name: 'Pin House 2', address: '1 Pin St' },
      }),
      200,
    );
    expect(kept).toMatchObject({ name: 'Pin House 2', latitude: 30.27, longitude: -97.74 });

    // Both null: cleared ('not on the map').
    const cleared = await json(
      await api.patch('/properties/:id', {
        param: { id: made.id },
        json: { name: 'Pin House 2', address: '1 Pin St', latitude: null, longitude: null },
      }),
      200,
    );
    expect(cleared).toMatchObject({ latitude: null, longitude: null });
  });

  it('the depot is part of the business settings, both or neither', async () => {
    const api = apiAs(t, owner.cookie);
    const half = await api.patch('/workspaces/:id', { param: { id: owner.workspaceId }, json: { depotLatitude: 30 } });
    expect((await json<ErrorBody>(half, 400)).error.fields).toHaveProperty('depotLongitude');
    const set = await json(
      await api.patch('/workspaces/:id', {
        param: { id: owner.workspaceId },
        json: { depotAddress: '100 Yard Rd', depotLatitude: 30.25, depotLongitude: -97.75 },
      }),
      200,
    );
    expect(set).toMatchObject({ depotAddress: '100 Yard Rd', depotLatitude: 30.25, depotLongitude: -97.75 });
  });
});

describe('anytime visits', () => {
  it('a visit takes anytime on create and update and answers it with routeOrder; a series passes it on', async () => {
    const api = apiAs(t, owner.cookie);
    const property = await createProperty(t, owner, { name: 'Anytime Acres' });
    const made = await json(
      await api.post('/visits', {
        json: { propertyId: property.id, scheduledAt: '2031-06-02T09:00:00.000Z', anytime: true },
      }),
      201,
    );
    expect(made).toMatchObject({ anytime: true, routeOrder: null });
    const changed = await json(
      await api.patch('/visits/:id', { param: { id: made.id }, json: { anytime: false } }),
      200,
    );
    expect(changed.anytime).toBe(false);
    const bad = await api.patch('/visits/:id', { param: { id: made.id }, json: { anytime: 'yes' } });
    expect((await json<ErrorBody>(bad, 400)).error.fields).toHaveProperty('anytime');

    const series = await json(
      await api.post('/visit-series', {
        json: {
          propertyId: property.id,
          // Within the horizon: occurrences are made 90 days ahead.
          startsAt: new Date(Date.now() + 10 * 24 * 3600_000).toISOString(),
          timeZone: 'UTC',
          rrule: 'FREQ=DAILY;COUNT=2',
          anytime: true,
        },
      }),
      201,
    );
    expect(series.series.anytime).toBe(true);
    expect(series.occurrences.map((visit) => visit.anytime)).toEqual([true, true]);
  });
});

describe('geocoding through a Nominatim-compatible API', () => {
  it('places properties without coordinates, one request a second, asks an address once, never overwrites a person', async () => {
    const fake = await startNominatim({
      '12 Quay Road, Austin TX 78701, USA': { lat: 30.2672, lon: -97.7431 },
      '9 Elm St, Austin TX 78702, USA': { lat: 30.26, lon: -97.72 },
      '40 New Rd, Austin TX 78703, USA': { lat: 30.29, lon: -97.76 },
    });
    try {
      const geocoder = new NominatimGeocoder({ url: fake.url, contact: CONTACT, intervalMs: 1000 });
      // Only this test's properties wait for the geocoder.
      await t.db.update(properties).set({ geocodePending: false });
      const api = apiAs(t, stranger.cookie);
      const make = async (body: Record<string, unknown>) =>
        json(await api.post('/properties', { json: { name: 'Geo', city: 'Austin', state: 'TX', ...body } }), 201);
      const quay = await make({ address: '12 Quay Road', zipCode: '78701' });
      // The same address written differently: the kept answer, no second request.
      const quayAgain = await make({ address: '12  QUAY ROAD', zipCode: '78701' });
      const elm = await make({ address: '9 Elm St', zipCode: '78702' });
      const nowhere = await make({ address: '1 Nowhere Lane', zipCode: '00000' });
      const placedByPerson = await make({ address: '9 Elm St', zipCode: '78702', latitude: 1, longitude: 2 });

      await geocodePendingProperties(t.db, geocoder);

      expect(fake.requests.map((request) => request.q).sort()).toEqual([
        '1 Nowhere Lane, Austin TX 00000, USA',
        '12 Quay Road, Austin TX 78701, USA',
        '9 Elm St, Austin TX 78702, USA',
      ]);
      for (const request of fake.requests) {
        expect(request.format).toBe('jsonv2');
        expect(request.userAgent).toContain(CONTACT);
      }
      const starts = fake.requests.map((request) => request.at).sort((a, b) => a - b);
      for (let index = 1; index < starts.length; index += 1) {
        // At most one request a second (a few ms of timer slack).
        expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(990);
      }
      const read = async (id: string) => json(await api.get('/properties/:id', { param: { id } }), 200);
      expect(await read(quay.id)).toMatchObject({ latitude: 30.2672, longitude: -97.7431 });
      expect(await read(quayAgain.id)).toMatchObject({ latitude: 30.2672, longitude: -97.7431 });
      expect(await read(elm.id)).toMatchObject({ latitude: 30.26, longitude: -97.72 });
      expect(await read(nowhere.id)).toMatchObject({ latitude: null, longitude: null });
      expect(await read(placedByPerson.id)).toMatchObject({ latitude: 1, longitude: 2 });

      // A new address: asked again for a geocoded property, never for one a person placed.
      const asked = fake.requests.length;
      await api.patch('/properties/:id', {
        param: { id: elm.id },
        json: { name: 'Geo', address: '40 New Rd', city: 'Austin', state: 'TX', zipCode: '78703' },
      });
      await api.patch('/properties/:id', {
        param: { id: placedByPerson.id },
        json: { name: 'Geo', address: '40 New Rd', city: 'Austin', state: 'TX', zipCode: '78703' },
      });
      // The job wakes when a property needs placing.
      const stop = startGeocodingJob(t.db, geocoder, 60_000);
      await api.patch('/properties/:id', {
        param: { id: nowhere.id },
        json: { name: 'Geo', address: '12 Quay Road', city: 'Austin', state: 'TX', zipCode: '78701' },
      });
      await expect.poll(async () => (await read(nowhere.id)).latitude, { timeout: 5000 }).toBe(30.2672);
      await expect.poll(async () => (await read(elm.id)).latitude, { timeout: 5000 }).toBe(30.29);
      await stop();
      expect(fake.requests.length).toBe(asked + 1);
      expect(await read(placedByPerson.id)).toMatchObject({ latitude: 1, longitude: 2 });
      const [row] = await t.db
        .select({ pending: properties.geocodePending, source: properties.locationSource })
        .from(properties)
        .where(eq(properties.id, placedByPerson.id));
      expect(row).toEqual({ pending: false, source: 'person' });
    } finally {
      await fake.stop();
    }
  });
});

describe('POST /api/routes/optimize', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await t.db
      .update(workspaces)
      .set({ depotLatitude: 30.25, depotLongitude: -97.75 })
      .where(eq(workspaces.id, owner.workspaceId));
    // Bob starts his day from home.
    await t.db
      .update(workspaceMembers)
      .set({ startLatitude: 30.2, startLongitude: -97.8 })
      .where(and(eq(workspaceMembers.workspaceId, owner.workspaceId), eq(workspaceMembers.userId, bob.id)));
    const place = (name: string, lat: number | null, lng: number | null) =>
      createProperty(t, owner, { name, latitude: lat, longitude: lng });
    const p1 = await place('Fixed Nine', 30.26, -97.74);
    const p2 = await place('Anytime East', 30.27, -97.72);
    const p3 = await place('Anytime West', 30.27, -97.77);
    const p4 = await place('Tray North', 30.3, -97.75);
    const p5 = await place('Nowhere', null, null);
    const p6 = await place('Bob Anytime', 30.22, -97.79);
    const visit = async (
      key: string,
      propertyId: string,
      time: string,
      options: { lead?: TestUser; anytime?: boolean; status?: 'in_progress' } = {},
    ) => {
      const made = await createVisit(t, propertyId, {
        ...(options.lead ? { lead: options.lead } : {}),
        scheduledAt: at(time),
        ...(options.status ? { status: options.status } : {}),
      });
      ids[key] = made.id;
      if (options.anytime) await t.db.update(visits).set({ anytime: true }).where(eq(visits.id, made.id));
      return made;
    };
    await visit('fixed', p1.id, '09:00', { lead: alice });
    await visit('east', p2.id, '08:00', { lead: alice, anytime: true });
    await visit('west', p3.id, '08:00', { lead: alice, anytime: true });
    await visit('tray', p4.id, '08:00', { anytime: true });
    await visit('nowhere', p5.id, '10:00', { lead: alice });
    await visit('bobs', p6.id, '08:00', { lead: bob, anytime: true });
    // The fixed visit takes 45 minutes by its tasks' estimates.
    const pump = await createTask(t, owner, { name: 'Pump', estimatedDurationMinutes: 30 });
    const filter = await createTask(t, owner, { name: 'Filter', estimatedDurationMinutes: 15 });
    await addVisitTask(t, ids.fixed!, pump.id);
    await addVisitTask(t, ids.fixed!, filter.id);
  });

  const optimize = (user: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
    apiAs(t, user.cookie).post('/routes/optimize', { json: body, ...(headers ? { headers } : {}) });

  it('proposes a plan: fixed times kept, assigned visits with their technician, the tray placed, the unmappable listed', async () => {
    const plan = await json(await optimize(owner, { date: DAY }), 200);
    const routeOf = (userId: string) => plan.routes.find((route) => route.userId === userId)!;
    expect(plan.routes.map((route) => route.userId).sort()).toEqual([alice.id, bob.id].sort());
    const aliceStops = routeOf(alice.id).stops.map((stop) => stop.visitId);
    expect(aliceStops).toEqual(expect.arrayContaining([ids.fixed, ids.east, ids.west]));
    expect(routeOf(bob.id).stops.map((stop) => stop.visitId)).toContain(ids.bobs);
    const placed = plan.routes.flatMap((route) => route.stops.map((stop) => stop.visitId));
    expect(placed).toContain(ids.tray);
    expect(plan.unplaced).toEqual([{ visitId: ids.nowhere, reason: 'not on the map' }]);

    const fixed = routeOf(alice.id).stops.find((stop) => stop.visitId === ids.fixed)!;
    expect(Date.parse(fixed.arrivesAt)).toBeLessThanOrEqual(at('09:00').getTime());
    expect(Date.parse(fixed.departsAt)).toBe(at('09:45').getTime());
    for (const route of plan.routes) {
      expect(Object.keys(route).sort()).toEqual(['stops', 'totalDistanceKm', 'totalDriveMinutes', 'userId']);
      let drive = 0;
      for (const stop of route.stops) {
        expect(Object.keys(stop).sort()).toEqual(['arrivesAt', 'departsAt', 'distanceKm', 'driveMinutes', 'visitId']);
        expect(Date.parse(stop.departsAt)).toBeGreaterThan(Date.parse(stop.arrivesAt));
        drive += stop.driveMinutes;
        // Anytime visits within the business day.
        if (stop.visitId !== ids.fixed) {
          expect(Date.parse(stop.arrivesAt)).toBeGreaterThanOrEqual(at('07:00').getTime());
          expect(Date.parse(stop.departsAt)).toBeLessThanOrEqual(at('18:00').getTime() + 60 * 60_000);
        }
      }
      // The total includes the drive back to the end point.
      expect(route.totalDriveMinutes).toBeGreaterThanOrEqual(Math.floor(drive));
      expect(route.totalDistanceKm).toBeGreaterThan(0);
    }
    // A proposal changes nothing.
    const east = await json(await apiAs(t, owner.cookie).get('/visits/:id', { param: { id: ids.east! } }), 200);
    expect(east.routeOrder).toBeNull();
    const [trayLead] = await t.db.select().from(visitUsers).where(eq(visitUsers.visitId, ids.tray!));
    expect(trayLead).toBeUndefined();
  });

  it('applies the plan: order saved, the tray assigned and its technician told, in one go', async () => {
    const plan = await json(await optimize(owner, { date: DAY, apply: true }), 200);
    const api = apiAs(t, owner.cookie);
    for (const route of plan.routes) {
      for (const [index, stop] of route.stops.entries()) {
        const visit = await json(await api.get('/visits/:id', { param: { id: stop.visitId } }), 200);
        expect(visit.routeOrder).toBe(index + 1);
        expect(visit.people.find((person) => person.role === 'lead')?.userId).toBe(route.userId);
      }
    }
    const trayRoute = plan.routes.find((route) => route.stops.some((stop) => stop.visitId === ids.tray))!;
    const told = await t.db
      .select({ userId: staffNotifications.userId, kind: staffNotifications.kind })
      .from(staffNotifications)
      .where(eq(staffNotifications.visitId, ids.tray!));
    expect(told).toEqual([{ userId: trayRoute.userId, kind: 'visit_assigned' }]);
    const nowhere = await json(await api.get('/visits/:id', { param: { id: ids.nowhere! } }), 200);
    expect(nowhere.routeOrder).toBeNull();

    // The same day planned again proposes the saved plan.
    const again = await json(await optimize(owner, { date: DAY }), 200);
    expect(again.routes).toEqual(plan.routes);
  });

  it('a technician plans only their own day', async () => {
    const own = await json(await optimize(alice, { date: DAY }), 200);
    expect(own.routes.map((route) => route.userId)).toEqual([alice.id]);
    const visible = own.routes[0]!.stops.map((stop) => stop.visitId);
    expect(visible).not.toContain(ids.bobs);
    expect(await json(await optimize(alice, { date: DAY, technicianIds: [alice.id] }), 200)).toEqual(own);

    const others = await optimize(alice, { date: DAY, technicianIds: [bob.id] });
    expect((await json<ErrorBody>(others, 403)).error.message).toBe('You can plan only your own day');
    const mixed = await optimize(alice, { date: DAY, technicianIds: [alice.id, bob.id], apply: true });
    expect(mixed.status).toBe(403);
  });

  it('another workspace gets 404: its day, and its members', async () => {
    const foreign = await optimize(stranger, { date: DAY }, { 'X-Workspace': owner.workspaceId });
    expect(foreign.status).toBe(404);
    const theirPeople = await optimize(stranger, { date: DAY, technicianIds: [alice.id] });
    expect((await json<ErrorBody>(theirPeople, 404)).error.message).toBe('Member not found');
    // Their own (empty) day is theirs to plan.
    const empty: RoutePlanDto = await json(await optimize(stranger, { date: DAY }), 200);
    expect(empty).toEqual({ routes: [], unplaced: [] });
  });

  it('refuses a bad date or technician list with 400', async () => {
    const badDate = await optimize(owner, { date: '2031-02-30' });
    expect((await json<ErrorBody>(badDate, 400)).error.fields).toHaveProperty('date');
    const badIds = await optimize(owner, { date: DAY, technicianIds: ['nobody'] });
    expect(badIds.status).toBe(400);
    const badApply = await optimize(owner, { date: DAY, apply: 'yes' });
    expect(badApply.status).toBe(400);
  });

  it('takes driving times from an OSRM-compatible table service when one is configured', async () => {
    const osrm = await startOsrm({ seconds: 600, metres: 5000 });
    try {
      const plan = await optimizeRoutes(
        t.db,
        await memberOf(t, owner),
        { date: DAY, technicianIds: [bob.id], apply: false },
        osrmTravel({ url: osrm.url, userAgent: 'Rounds test' }),
      );
      expect(osrm.requests).toHaveLength(1);
      expect(osrm.requests[0]).toContain('annotations=duration,distance');
      const route = plan.routes[0]!;
      expect(route.stops.map((stop) => stop.visitId)).toContain(ids.bobs);
      for (const stop of route.stops) expect(stop).toMatchObject({ driveMinutes: 10, distanceKm: 5 });
      // Out from home, between the stops and back to the depot: one leg of the table each.
      const legs = route.stops.length + 1;
      expect(route).toMatchObject({ totalDriveMinutes: 10 * legs, totalDistanceKm: 5 * legs });
    } finally {
      await osrm.stop();
    }
  });

  it('says why a visit cannot be placed', async () => {
    // Two fixed visits at the same time for one technician: the second has no room.
    const p = await createProperty(t, owner, { name: 'Clash', latitude: 30.28, longitude: -97.73 });
    const other = await createProperty(t, owner, { name: 'Clash 2', latitude: 30.21, longitude: -97.7 });
    const first = await createVisit(t, p.id, { lead: bob, scheduledAt: new Date('2031-05-07T11:00:00Z') });
    const second = await createVisit(t, other.id, { lead: bob, scheduledAt: new Date('2031-05-07T11:00:00Z') });
    const plan = await json(await optimize(owner, { date: '2031-05-07', technicianIds: [bob.id] }), 200);
    const placed = plan.routes[0]!.stops.map((stop) => stop.visitId);
    expect(placed).toHaveLength(1);
    const unplaced = [first.id, second.id].find((id) => !placed.includes(id));
    expect(plan.unplaced).toEqual([{ visitId: unplaced, reason: expect.stringMatching(/window|room/) }]);
  });
});
