import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// A list's total is exact up to 1,000 rows and stops counting there ('1,000+'); the
// pages past it still come. The rows are made in one INSERT … SELECT generate_series each.

let t: TestApp;
let owner: TestUser;
let propertyId: string;

interface PageBody {
  items: { id: string }[];
  total: number;
  totalCapped?: boolean;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t);
  propertyId = (await createProperty(t, owner)).id;
  await t.db
    .execute(sql`insert into notes (workspace_id, content, attachable_type, attachable_id, created_by, created_at, updated_at)
    select ${owner.workspaceId}, 'Note ' || i, 'property', ${propertyId}, ${owner.id},
      now() - i * interval '1 minute', now() - i * interval '1 minute'
    from generate_series(1, 1002) as i`);
  await t.db.execute(sql`insert into visits (workspace_id, property_id, scheduled_at, status)
    select ${owner.workspaceId}, ${propertyId}, now() - i * interval '1 hour', 'scheduled'
    from generate_series(1, 1001) as i`);
});
afterAll(async () => {
  await t.close();
});

const list = async (url: string) => {
  const response = await t.request(url, { cookie: owner.cookie });
  expect(response.status, url).toBe(200);
  return (await response.json()) as PageBody;
};

describe('the notes list, its two branches', () => {
  it("puts one's personal notes among the workspace's in date order, on every page", async () => {
    const other = await createUser(t);
    await t.db
      .execute(sql`insert into notes (workspace_id, content, attachable_type, attachable_id, created_by, created_at, updated_at)
      values (null, 'Mine alone', 'property', null, ${owner.id}, now() - interval '60.5 minutes', now()),
             (null, 'Not mine', 'property', null, ${other.id}, now() - interval '60.5 minutes', now())`);
    const first = await list('/api/notes?limit=50&offset=50');
    // 'Note 1'…'Note 60' are newer, so the personal one is the 11th of the second page.
    const contents = (first.items as unknown as { content: string }[]).map((note) => note.content);
    expect(contents.slice(9, 12)).toEqual(['Note 60', 'Mine alone', 'Note 61']);
    expect(contents).not.toContain('Not mine');
    const mine = await list('/api/notes?limit=50&q=alone');
    expect(mine).toMatchObject({ total: 1 });
    await t.db.execute(sql`delete from notes where workspace_id is null`);
  });
});

describe('totals past 1,000', () => {
  it('say 1,000 and totalCapped on the notes and visits lists', async () => {
    for (const url of ['/api/notes?limit=50', '/api/visits?limit=50']) {
      const page = await list(url);
      expect(page.items, url).toHaveLength(50);
      expect(page.total, url).toBe(1000);
      expect(page.totalCapped, url).toBe(true);
    }
  });

  it('stay exact (no flag) at 1,000 rows or fewer', async () => {
    const notes = await list(`/api/notes?limit=50&attachableType=property&attachableId=${propertyId}&q=Note 1`);
    // 'Note 1', 'Note 10'…'Note 19', 'Note 100'…'Note 199', 'Note 1000'…'Note 1002': 1 + 10 + 100 + 3
    expect(notes).toMatchObject({ total: 114 });
    expect(notes.totalCapped).toBeUndefined();
    const visits = await list('/api/visits?limit=50&status=completed');
    expect(visits).toEqual({ items: [], total: 0 });
  });

  it('keeps the next pages coming, up to the last, whose total is exact', async () => {
    const second = await list('/api/notes?limit=50&offset=50');
    expect(second.items).toHaveLength(50);
    expect(second.totalCapped).toBe(true);
    const first = await list('/api/notes?limit=50');
    expect(second.items[0]!.id).not.toBe(first.items[49]!.id);
    // Past 1,000 a full page's end is the most that is known.
    const deep = await list('/api/notes?limit=50&offset=1000');
    expect(deep.items).toHaveLength(2);
    expect(deep).toMatchObject({ total: 1002 });
    expect(deep.totalCapped).toBeUndefined();
    const fullDeep = await list('/api/notes?limit=2&offset=1000');
    expect(fullDeep).toMatchObject({ total: 1002, totalCapped: true });
    const past = await list('/api/visits?limit=50&offset=1001');
    expect(past).toEqual({ items: [], total: 1000, totalCapped: true });
  });
});
