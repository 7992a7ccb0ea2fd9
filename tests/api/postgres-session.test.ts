import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

// Every PostgreSQL connection of ours tells the planner that index reads are cheap
// (random_page_cost 1.1), unless DATABASE_URL's own `options` say otherwise.

const adminUrl = process.env.TEST_DATABASE_URL;
const handles: DatabaseHandle[] = [];

async function randomPageCost(url: string): Promise<string> {
  const handle = openDatabase({ kind: 'postgres', url });
  handles.push(handle);
  const result = await handle.db.execute(sql`show random_page_cost`);
  return (result as unknown as { rows: { random_page_cost: string }[] }).rows[0]!.random_page_cost;
}

afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
});

describe.skipIf(!adminUrl)('PostgreSQL session settings', () => {
  it('starts every connection with random_page_cost 1.1', async () => {
    expect(await randomPageCost(adminUrl!)).toBe('1.1');
  });

  it("lets DATABASE_URL's options replace them", async () => {
    const url = new URL(adminUrl!);
    url.searchParams.set('options', '-c random_page_cost=2');
    expect(await randomPageCost(url.toString())).toBe('2');
  });
});
