// Fills an EMPTY database with a realistic amount of data for the benchmarks, in bulk SQL
// (insert … select … from generate_series), after running the app's own migrations.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rounds_bench node bench/seed.mjs [--scale 1]
//
// At --scale 1: 1,000 users (every one can sign in with BENCH_PASSWORD), 10,000 properties
// (three big accounts own 30 % of them), 200 task templates, 100,000 visits over two years
// with about 1,000,000 visit tasks, 20,000 invoices, 50,000 notes and 50,000 photo rows.
// Everything scales with --scale (the quick benchmark uses 0.01). Plain `node` is enough:
// The app's TypeScript is loaded through tsx's loader, registered below.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';

/** The password of every seeded account. */
export const BENCH_PASSWORD = 'bench-password';
/** bench<i>@example.com; users 1 to 3 are the big accounts, the others ordinary ones. */
export const benchEmail = (i) => `bench${i}@example.com`;
export const BIG_ACCOUNT_EMAIL = benchEmail(1);
export const ORDINARY_ACCOUNT_EMAIL = benchEmail(10);

/** The tables the seed fills, for the row counts it prints. */
export const SEEDED_TABLES = [
  'users',
  'accounts',
  'profiles',
  'properties',
  'user_properties',
  'tasks',
  'property_tasks',
  'visits',
  'visit_users',
  'visit_tasks',
  'invoices',
  'invoice_visits',
  'invoice_lines',
  'notes',
  'photos',
];

/** How many rows of each kind a scale gives (with floors, so that tiny scales still make sense). */
export function seedSizes(scale) {
  const at = (full, floor) => Math.max(floor, Math.round(full * scale));
  return {
    users: at(1000, 20),
    properties: at(10000, 100),
    tasks: at(200, 20),
    visits: at(100000, 1000),
    invoices: at(20000, 100),
    notes: at(50000, 500),
    photos: at(50000, 500),
  };
}

/**
 * The seed as a list of SQL statements (no parameters, so PGlite runs them as well).
 * Random but repeatable: setseed() fixes random(); uuids come from gen_random_uuid().
 * Integer ordinals live in temporary tables (b_*) so that rows can refer to one another.
 */
export function seedStatements(scale, passwordHash) {
  const n = seedSizes(scale);
  const pool = n.users - 3; // ordinary users: 4 … n.users
  const bigShares = [0.15, 0.1, 0.05].map((share) => Math.round(n.properties * share));
  const bigEnds = [bigShares[0], bigShares[0] + bigShares[1], bigShares[0] + bigShares[1] + bigShares[2]];
  const maxStride = Math.floor((pool - 1) / 4); // 4 × stride < pool keeps a property's 5 people distinct
  const hash = passwordHash.replace(/'/g, "''");
  const lorem =
    'Checked the boiler pressure and topped it up. Gutters cleared on the north side. The tenant asked about ' +
    'the back gate latch, which sticks in wet weather. Replaced two smoke alarm batteries and tested all units. ' +
    'Garden hose has a split near the tap; a new one is needed. Left the spare key in the lock box as agreed. ' +
    'Water stain on the bathroom ceiling looks older than last visit but should be watched. All windows closed.';
  // A random instant over the two years around now, and over the past two years.
  const anyTime = `now() - interval '365 days' + random() * interval '730 days'`;
  const pastTime = `now() - random() * interval '730 days'`;
  const money = (low, high) => `round((${low} + random() * ${high - low})::numeric, 2)`;

  return [
    ['random seed', `select setseed(0.42)`],

    // ── people ──
    [
      'users',
      `create temp table b_users as
       select i, gen_random_uuid() as id, now() - interval '3 years' + i * interval '30 minutes' as at
       from generate_series(1, ${n.users}) as i;
       create unique index on b_users (i);
       insert into users (id, name, email, email_verified, role, created_at, updated_at)
       select id, 'Bench User ' || i, 'bench' || i || '@example.com', false,
              case when i <= 3 or i % 10 = 0 then 'provider' else 'customer' end, at, at
       from b_users;
       insert into accounts (account_id, provider_id, user_id, password, created_at, updated_at)
       select id::text, 'credential', id, '${hash}', at, at from b_users;
       insert into profiles (user_id, display_name, email, phone, company_name, created_at, updated_at)
       select id, 'Bench User ' || i, 'bench' || i || '@example.com',
              case when i % 3 = 0 then '+1 555 ' || lpad((i % 10000)::text, 4, '0') end,
              case when i <= 3 or i % 10 = 0 then 'Rounds Services ' || i end, at, at
       from b_users`,
    ],

    // ── properties: the three big accounts own 30 %; the rest belong to ordinary users ──
    [
      'properties',
      `create temp table b_props as
       select i, gen_random_uuid() as id,
              case when i <= ${bigEnds[0]} then 1 when i <= ${bigEnds[1]} then 2 when i <= ${bigEnds[2]} then 3 end
                as big_owner,
              floor(random() * 1000000000)::int as r,
              1 + floor(random() * ${maxStride})::int as stride,
              2 + floor(random() * 4)::int as people,
              5 + floor(random() * 6)::int as task_count,
              now() - interval '2 years' - random() * interval '1 year' as at,
              random() < 0.01 as deleted
       from generate_series(1, ${n.properties}) as i;
       create unique index on b_props (i);
       insert into properties (id, name, address, city, state, zip_code, country, created_at, updated_at, deleted_at)
       select id,
              (array['Maple', 'Oak', 'Cedar', 'Harbor', 'Hillside', 'Lakeview', 'Sunset', 'Willow'])[1 + r % 8]
                || ' ' || (array['House', 'Cottage', 'Apartments', 'Villa', 'Office', 'Lodge'])[1 + r % 6] || ' ' || i,
              (1 + r % 9999) || ' ' || (array['Main', 'High', 'Park', 'Church', 'Mill', 'Station'])[1 + r % 6]
                || ' Street',
              (array['Springfield', 'Riverton', 'Fairview', 'Greenville', 'Madison', 'Georgetown'])[1 + r % 6],
              (array['CA', 'NY', 'TX', 'WA', 'OR', 'IL', 'MA'])[1 + r % 7],
              lpad((r % 100000)::text, 5, '0'), 'USA', at, at, case when deleted then at + interval '1 year' end
       from b_props`,
    ],
    [
      'user_properties',
      // One owner and 1–4 technicians per property, distinct by construction.
      `create temp table b_links as
       select p.i as p, j,
              case when j = 0 and p.big_owner is not null then p.big_owner
                   else 4 + (p.r + j * p.stride) % ${pool} end as u
       from b_props p cross join lateral generate_series(0, p.people - 1) as j;
       create unique index on b_links (p, j);
       insert into user_properties (user_id, property_id, role, created_at)
       select u.id, p.id, case when l.j = 0 then 'owner' else 'technician' end, p.at
       from b_links l join b_props p on p.i = l.p join b_users u on u.i = l.u`,
    ],

    // ── task templates and each property's tasks ──
    [
      'tasks',
      `create temp table b_tasks as
       select i, gen_random_uuid() as id from generate_series(1, ${n.tasks}) as i;
       create unique index on b_tasks (i);
       insert into tasks (id, name, description, estimated_duration_minutes, default_price, created_by, created_at, updated_at)
       select t.id,
              (array['Inspect', 'Clean', 'Service', 'Replace', 'Test', 'Check'])[1 + t.i % 6] || ' '
                || (array['boiler', 'gutters', 'smoke alarms', 'garden', 'windows', 'filters', 'locks', 'roof'])[1 + t.i % 8]
                || ' #' || t.i,
              case when t.i % 3 <> 0 then substr('${lorem}', 1 + (t.i * 37) % 200, 80) end,
              15 * (1 + t.i % 8), ${money(10, 250)},
              case when t.i % 4 <> 0 then u.id end, now() - interval '3 years', now() - interval '3 years'
       from b_tasks t left join b_users u on u.i = 1 + (t.i * 7) % ${n.users}`,
    ],
    [
      'property_tasks',
      `insert into property_tasks (property_id, task_id, custom_price, is_active, created_at)
       select p.id, t.id, case when random() < 0.3 then ${money(10, 250)} end, random() < 0.9, p.at
       from b_props p cross join lateral generate_series(0, p.task_count - 1) as j
       join b_tasks t on t.i = 1 + (p.r / 7 + j) % ${n.tasks}`,
    ],

    // ── visits: two years around now, mixed statuses, each with a lead and ~10 tasks ──
    [
      'visits',
      `create temp table b_visits as
       select i, gen_random_uuid() as id, p, at, r,
              case when at < now() - interval '1 day' then
                     case when s < 0.82 then 'completed' when s < 0.9 then 'cancelled'
                          when s < 0.96 then 'scheduled' else 'in_progress' end
                   when at < now() then case when s < 0.5 then 'in_progress' else 'completed' end
                   else case when s < 0.95 then 'scheduled' else 'cancelled' end end as status
       from (select i, 1 + floor(random() * ${n.properties})::int as p, ${anyTime} as at,
                    floor(random() * 1000000000)::int as r, random() as s
             from generate_series(1, ${n.visits}) as i offset 0) as v;
       create unique index on b_visits (i);
       insert into visits (id, property_id, scheduled_at, started_at, completed_at, status, created_at, updated_at)
       select v.id, p.id, v.at,
              case when v.status in ('in_progress', 'completed') then v.at + (v.r % 30) * interval '1 minute' end,
              case when v.status = 'completed' then v.at + (30 + v.r % 150) * interval '1 minute' end,
              v.status, least(v.at, now()) - interval '14 days', least(v.at, now())
       from b_visits v join b_props p on p.i = v.p`,
    ],
    [
      'visit_users',
      `insert into visit_users (visit_id, user_id, role, created_at)
       select v.id, u.id, case when k = 0 then 'lead' else 'assistant' end, least(v.at, now()) - interval '14 days'
       from b_visits v join b_props p on p.i = v.p
       cross join lateral generate_series(0, case when p.people > 1 and v.r % 10 < 3 then 1 else 0 end) as k
       join b_links l on l.p = v.p and l.j = (v.r + k) % p.people
       join b_users u on u.i = l.u`,
    ],
    [
      'visit_tasks',
      `insert into visit_tasks (visit_id, task_id, price, status, notes, completed_at, created_at)
       select v.id, t.id, ${money(5, 150)},
              case v.status when 'completed' then case when random() < 0.92 then 'completed' else 'skipped' end
                            when 'in_progress' then (array['completed', 'in_progress', 'pending'])[1 + (v.r + j) % 3]
                            else 'pending' end,
              case when (v.r + j) % 17 = 0 then 'Needs a follow-up' end,
              case when v.status = 'completed' then v.at + interval '1 hour' end,
              least(v.at, now()) - interval '14 days' + j * interval '1 second'
       from b_visits v cross join lateral generate_series(0, 7 + v.r % 5) as j
       join b_tasks t on t.i = 1 + (v.r / 11 + j) % ${n.tasks}`,
    ],

    // ── invoices: one or two completed visits of one property each, a visit on one invoice only ──
    [
      'invoices',
      `create temp table b_invoices as
       select row_number() over () as i, gen_random_uuid() as id, p, visit_ids, last_at,
              case when s < 0.15 then 'draft' when s < 0.4 then 'sent' when s < 0.9 then 'paid' else 'cancelled' end
                as status
       from (select *, random() as s
             from (select p, array_agg(i) as visit_ids, max(at) as last_at
                   from (select i, p, at, (row_number() over (partition by p order by at) - 1) / 2 as grp
                         from b_visits where status = 'completed') as c
                   group by p, grp order by random() limit ${n.invoices}) as g
             offset 0) as g;
       create temp table b_invoice_visits as
       select b.i as invoice, b.id as invoice_id, v.id as visit_id, b.status
       from b_invoices b cross join lateral unnest(b.visit_ids) as vi join b_visits v on v.i = vi;
       create temp table b_subtotals as
       select bv.invoice, coalesce(sum(vt.price) filter (where vt.status = 'completed'), 0) as subtotal
       from b_invoice_visits bv join visit_tasks vt on vt.visit_id = bv.visit_id group by bv.invoice;
       create unique index on b_subtotals (invoice);
       insert into invoices (id, invoice_number, property_id, status, due_date, subtotal, tax_amount, total,
                             paid_at, sent_at, sent_to, created_at, updated_at)
       select b.id, 'INV-' || to_char(b.last_at, 'YYYY') || lpad(b.i::text, 5, '0'), p.id, b.status,
              (b.last_at + interval '30 days')::date,
              x.subtotal, x.tax, x.subtotal + x.tax,
              case when b.status = 'paid' then b.last_at + interval '20 days' end,
              case when b.status in ('sent', 'paid', 'cancelled') then b.last_at + interval '2 days' end,
              case when b.status in ('sent', 'paid', 'cancelled') then 'billing' || b.p || '@example.com' end,
              b.last_at + interval '1 day', b.last_at + interval '2 days'
       from b_invoices b join b_props p on p.i = b.p join b_subtotals s on s.invoice = b.i
       cross join lateral (select case when b.status = 'draft' then 0 else s.subtotal end as subtotal,
                                  case when b.status = 'draft' then 0 else round(s.subtotal * 0.08, 2) end as tax) as x;
       select setval('invoice_number_seq', ${n.invoices} + 1)`,
    ],
    [
      'invoice_visits',
      `insert into invoice_visits (invoice_id, visit_id, active, created_at)
       select invoice_id, visit_id, status <> 'cancelled', now() from b_invoice_visits`,
    ],
    [
      'invoice_lines',
      `insert into invoice_lines (invoice_id, visit_id, visit_scheduled_at, task_name, price, position)
       select bv.invoice_id, v.id, v.scheduled_at, t.name, vt.price,
              row_number() over (partition by bv.invoice_id order by v.scheduled_at, v.id, vt.created_at, vt.id)
       from b_invoice_visits bv join visits v on v.id = bv.visit_id
       join visit_tasks vt on vt.visit_id = v.id and vt.status = 'completed'
       join tasks t on t.id = vt.task_id
       where bv.status <> 'draft'`,
    ],

    // ── photos (rows only) and notes, by someone who can see what they hang on ──
    [
      'photos',
      `create temp table b_photos as
       select g, (array['visit', 'visit', 'visit', 'visit', 'property', 'property', 'property', 'invoice', 'task',
                        'standalone'])[1 + g % 10] as kind,
              floor(random() * 1000000000)::int as r, ${pastTime} as at
       from generate_series(1, ${n.photos}) as g;
       insert into photos (attachable_type, attachable_id, storage_path, thumbnail_path, file_name, file_size,
                           mime_type, width, height, caption, uploaded_by, created_at, updated_at)
       select case when b.kind = 'standalone' then 'property' else b.kind end, a.id,
              s.stem || '.jpg', s.stem || '.thumb.webp', 'IMG_' || lpad(b.g::text, 6, '0') || '.jpg',
              500000 + b.r % 9000000, 'image/jpeg', 4000, 3000,
              case when b.r % 10 < 3 then substr('${lorem}', 1 + b.r % 300, 40) end, u.id, b.at, b.at
       from b_photos b
       cross join lateral (select (floor(extract(epoch from b.at) * 1000)::bigint)::text || '-'
                                    || substr(md5(b.g::text), 1, 12) as stem) as s
       left join b_visits v on b.kind = 'visit' and v.i = 1 + b.r % ${n.visits}
       left join b_invoices inv on b.kind = 'invoice' and inv.i = 1 + b.r % (select count(*) from b_invoices)
       left join b_props p on p.i = case b.kind when 'visit' then v.p when 'invoice' then inv.p
                                                when 'property' then 1 + b.r % ${n.properties} end
       left join b_tasks t on b.kind = 'task' and t.i = 1 + b.r % ${n.tasks}
       left join b_links l on l.p = p.i and l.j = case when b.kind = 'invoice' then 0 else b.r % p.people end
       join b_users u on u.i = coalesce(l.u, 1 + b.r % ${n.users})
       cross join lateral (select case b.kind when 'visit' then v.id when 'property' then p.id
                                              when 'invoice' then inv.id when 'task' then t.id end as id) as a`,
    ],
    [
      'notes',
      `create temp table b_notes as
       select g, (array['visit', 'visit', 'visit', 'visit', 'visit', 'visit', 'visit', 'visit', 'property', 'property',
                        'property', 'property', 'property', 'property', 'task', 'invoice', 'invoice', 'profile',
                        'photo', 'standalone'])[1 + g % 20] as kind,
              floor(random() * 1000000000)::int as r, ${pastTime} as at
       from generate_series(1, ${n.notes}) as g;
       create temp table b_photo_ids as
       select row_number() over (order by created_at, id) as i, id, uploaded_by from photos;
       create unique index on b_photo_ids (i);
       insert into notes (content, attachable_type, attachable_id, created_by, created_at, updated_at)
       select 'Note ' || b.g || ': ' || substr('${lorem}', 1 + b.r % 200, 20 + b.r % 400),
              case when b.kind = 'standalone' then 'property' else b.kind end, a.id, u.id, b.at,
              case when b.r % 5 = 0 then b.at + interval '1 hour' else b.at end
       from b_notes b
       left join b_visits v on b.kind = 'visit' and v.i = 1 + b.r % ${n.visits}
       left join b_invoices inv on b.kind = 'invoice' and inv.i = 1 + b.r % (select count(*) from b_invoices)
       left join b_props p on p.i = case b.kind when 'visit' then v.p when 'invoice' then inv.p
                                                when 'property' then 1 + b.r % ${n.properties} end
       left join b_tasks t on b.kind = 'task' and t.i = 1 + b.r % ${n.tasks}
       left join b_links l on l.p = p.i and l.j = case when b.kind = 'invoice' then 0 else b.r % p.people end
       left join b_users pu on b.kind = 'profile' and pu.i = 1 + b.r % ${n.users}
       left join profiles pr on pr.user_id = pu.id
       left join b_photo_ids ph on b.kind = 'photo' and ph.i = 1 + b.r % ${n.photos}
       join users u on u.id = coalesce(ph.uploaded_by, pu.id,
                                       (select id from b_users where i = coalesce(l.u, 1 + b.r % ${n.users})))
       cross join lateral (select case b.kind when 'visit' then v.id when 'property' then p.id when 'invoice' then inv.id
                                              when 'task' then t.id when 'profile' then pr.id
                                              when 'photo' then ph.id end as id) as a`,
    ],
    [
      'clean up',
      `drop table b_users, b_props, b_links, b_tasks, b_visits, b_invoices, b_invoice_visits, b_subtotals, b_photos,
       b_notes, b_photo_ids`,
    ],
    ['analyze', 'analyze'],
  ];
}

/**
 * The rows of tables that came after migration 0007's schema, added once the later
 * migrations have run: a client for four properties in five (a business's customers; the rest
 * have none yet), named and reachable, each property pointing to its own.
 */
export const LATER_SEED = [
  `insert into clients (id, workspace_id, name, email, phone, billing_address, created_at, updated_at)
   select gen_random_uuid(), p.workspace_id, 'Client ' || left(p.name, 40), 'client-' || left(p.id::text, 8) || '@example.com',
          '555-' || lpad((abs(hashtext(p.id::text)) % 10000)::text, 4, '0'), p.address, p.created_at, p.created_at
   from properties p where abs(hashtext(p.id::text)) % 5 <> 0`,
  `update properties p set client_id = c.id from clients c
   where c.workspace_id = p.workspace_id and c.email = 'client-' || left(p.id::text, 8) || '@example.com'`,
];

/** Loads the app's database modules (TypeScript) through tsx. */
export async function appDatabase() {
  register();
  const [client, migrate] = await Promise.all([
    import('../src/server/db/client.ts'),
    import('../src/server/db/migrate.ts'),
  ]);
  return { ...client, ...migrate };
}

/** better-auth's own scrypt hash of BENCH_PASSWORD, computed once and shared by every account. */
async function benchPasswordHash() {
  const { hashPassword } = await import('better-auth/crypto');
  return hashPassword(BENCH_PASSWORD);
}

/**
 * Migrates and seeds a database. `run(sql)` executes one or more statements; `count(table)`
 * returns a table's row count. Refuses a database that already has users.
 */
async function seedWith({ run, count }, scale, log) {
  if ((await count('users')) > 0) throw new Error('the database already has users: seed an empty one');
  const hash = await benchPasswordHash();
  const started = performance.now();
  for (const [label, text] of seedStatements(scale, hash)) {
    const stepStarted = performance.now();
    await run(text);
    log(`  ${label.padEnd(16)} ${((performance.now() - stepStarted) / 1000).toFixed(1).padStart(6)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  const counts = {};
  for (const table of SEEDED_TABLES) counts[table] = await count(table);
  return { seconds, counts };
}

/**
 * The statements above fill the schema as it was at this migration (before field mode and
 * workspaces). The seed migrates that far, loads, then applies the later migrations: 0010 makes
 * The workspaces out of the data (an owner's properties become their workspace) as it did for
 * every real database, so the bench needs no second copy of those rules.
 */
const SEED_SCHEMA_MIGRATION = 7;

/** A migrations folder holding the journal up to SEED_SCHEMA_MIGRATION (the SQL files are shared). */
function seedSchemaFolder(migrationsDir) {
  const folder = mkdtempSync(path.join(tmpdir(), 'rounds-seed-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry) => entry.idx <= SEED_SCHEMA_MIGRATION);
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    copyFileSync(path.join(migrationsDir, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

/** Migrates and seeds the PostgreSQL database at `url`. */
export async function seedPostgres(url, { scale = 1, log = console.log } = {}) {
  const { openDatabase, migrateDatabase, MIGRATIONS_DIR } = await appDatabase();
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const folder = seedSchemaFolder(MIGRATIONS_DIR);
  const early = new (await import('pg')).default.Client({ connectionString: url });
  await early.connect();
  try {
    await migrate(drizzle(early), { migrationsFolder: folder });
  } finally {
    await early.end();
    rmSync(folder, { recursive: true, force: true });
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A bulk load needs no durable commit per statement, and larger sort memory helps the joins.
    await client.query(`set synchronous_commit = off; set work_mem = '64MB'; set maintenance_work_mem = '256MB'`);
    const seeded = await seedWith(
      {
        run: (text) => client.query(text),
        count: async (table) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n),
      },
      scale,
      log,
    );
    const started = performance.now();
    const handle = openDatabase({ kind: 'postgres', url });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    for (const text of LATER_SEED) await client.query(text);
    // Vacuumed as well as analysed. A live database's autovacuum keeps the visibility
    // map current, which is what lets a capped count read only an index (`Index Only Scan`, no
    // heap fetches); this machine's server runs with autovacuum off, so the seed does it once.
    await client.query('vacuum analyze');
    log(`  ${'later migrations'.padEnd(16)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    return { ...seeded, seconds: seeded.seconds + (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** Migrates and seeds the embedded PGlite database kept in `dataDir` (as the server's DATA_DIR). */
export async function seedPglite(dataDir, { scale = 0.01, log = console.log } = {}) {
  const { openDatabase, migrateDatabase, newPglite, pgliteDir, MIGRATIONS_DIR } = await appDatabase();
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = newPglite({ dataDir: pgliteDir(dataDir) });
  const handle = openDatabase({ kind: 'pglite', client });
  const folder = seedSchemaFolder(MIGRATIONS_DIR);
  try {
    // As seedPostgres: the schema the statements were written for, then the later migrations.
    await migrate(drizzle(client), { migrationsFolder: folder });
    const seeded = await seedWith(
      {
        run: (text) => client.exec(text),
        count: async (table) => Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n),
      },
      scale,
      log,
    );
    await migrateDatabase(handle);
    for (const text of LATER_SEED) await client.exec(text);
    await client.exec('vacuum analyze');
    return seeded;
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await handle.close();
  }
}

export function printSeedSummary({ seconds, counts }) {
  console.log(`seeded in ${seconds.toFixed(1)} s`);
  for (const [table, rows] of Object.entries(counts)) {
    console.log(`  ${table.padEnd(16)} ${rows.toLocaleString('en-US').padStart(10)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 2)) throw new Error('--scale must be in (0, 2]');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL to an empty PostgreSQL database');
  console.log(`seeding at scale ${scale}: ${JSON.stringify(seedSizes(scale))}`);
  printSeedSummary(await seedPostgres(url, { scale }));
}
