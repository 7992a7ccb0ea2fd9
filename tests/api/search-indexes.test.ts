import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A few thousand rows, then vacuum (which also flushes the GIN pending lists) and fresh statistics.
  await t.db.execute(sql`
    insert into users (email) select 'user' || n || '@example.com' from generate_series(1, 3000) as n`);
  await t.db.execute(sql`
    insert into profiles (user_id, display_name, company_name)
    select id, 'Name ' || md5(email), 'Company ' || md5(email) from users`);
  await t.db.execute(sql`insert into workspaces (id, name) values ('7a5e0000-0000-4000-8000-000000000001', 'Busy')`);
  await t.db.execute(sql`
    insert into properties (workspace_id, name, address)
    select '7a5e0000-0000-4000-8000-000000000001', 'Property ' || md5(n::text), n || ' Elm Road' from generate_series(1, 3000) as n`);
  await t.db.execute(sql`
    insert into tasks (workspace_id, name, description)
    select '7a5e0000-0000-4000-8000-000000000001', 'Task ' || md5(n::text), md5(n::text) from generate_series(1, 3000) as n`);
  await t.db.execute(sql`vacuum analyze`);
});
afterAll(async () => {
  await t.close();
});

// The lists search with ILIKE '%text%'; a trigram index must be able to answer each of them.
const SEARCHES = [
  ['users', 'email', 'users_email_trgm_idx'],
  ['profiles', 'display_name', 'profiles_display_name_trgm_idx'],
  ['profiles', 'company_name', 'profiles_company_name_trgm_idx'],
  ['properties', 'name', 'properties_name_trgm_idx'],
  ['properties', 'address', 'properties_address_trgm_idx'],
  ['tasks', 'name', 'tasks_name_trgm_idx'],
  ['tasks', 'description', 'tasks_description_trgm_idx'],
] as const;

it.each(SEARCHES)('an ILIKE search on %s.%s can use %s', async (table, column, indexName) => {
  const plan = await t.db.transaction(async (tx) => {
    // A few thousand rows still fit a sequential scan; take that option away to see which index serves.
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = await tx.execute(
      sql`explain select 1 from ${sql.identifier(table)} where ${sql.identifier(column)} ilike ${'%zq9x%'}`,
    );
    return JSON.stringify((result as { rows: unknown[] }).rows);
  });
  expect(plan).toContain(indexName);
});
