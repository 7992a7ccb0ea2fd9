// Holds the server to its OpenAPI document with an outside tool: Stoplight Prism's validating
// proxy. Starts the app on a fresh PGlite database, two `prism proxy --errors` in front of it
// (one that also validates requests, for the happy paths; one that does not, so hostile
// requests reach the server), and sends a bounded run through them: each area's happy path,
// then hostile cases per operation built from the document's schemas. An answer that breaks
// the document, or any 5xx, fails the run.
//
//   npx tsx scripts/prism-check.ts            (PRISM_RUNS=n: hostile cases per operation, ≤ 50)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { openApiDocument, type OpenApiDocument } from '../src/server/openapi';
import { freePort } from '../tests/support/ports';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Math.min(50, Number(process.env.PRISM_RUNS ?? 6));
const SEED = Number(process.env.PRISM_SEED ?? 20261127);
const started = Date.now();
const ANSWER_WITHIN_MS = 10_000;

type JsonSchema = Record<string, unknown>;
type Operation = OpenApiDocument['paths'][string][string];

interface Finding {
  operation: string;
  request: string;
  status: number;
  problem: string;
}

const findings: Finding[] = [];
const checked = new Map<string, number>();
const bodiesWithoutSchema = new Set<string>();
let requests = 0;

// ── the server, and Prism in front of it ──

const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-prism-'));
const serverPort = await freePort();
const ORIGIN = `http://localhost:${serverPort}`;
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PUBLIC_URL: ORIGIN,
  CLIENT_DIR: path.join(dataDir, 'no-client'),
  BETTER_AUTH_SECRET: 'prism-secret-that-is-long-enough-0123456789',
  AUTH_RATE_LIMIT_MAX: '1000000',
});
const database = openDatabase({ kind: 'pglite', dataDir });
await migrateDatabase(database);
const app = createApp({ config, db: database.db });
const server = await new Promise<ServerType>((resolve) => {
  const listening = serve({ fetch: app.fetch, port: serverPort, hostname: '127.0.0.1' }, () => resolve(listening));
});

const document = structuredClone(openApiDocument());
// PRISM_BREAK=1: a document that is wrong about GET /api/health, to see the run fail on it.
if (process.env.PRISM_BREAK) {
  const health = document.paths['/api/health']!.get!.responses['200']!.content!['application/json']!.schema;
  (health as { required: string[] }).required.push('uptime');
}
const documentFile = path.join(dataDir, 'openapi.json');
writeFileSync(documentFile, JSON.stringify(document));

const children: ChildProcess[] = [];
async function startPrism(validateRequests: boolean): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'proxy',
      documentFile,
      `http://127.0.0.1:${serverPort}`,
      '--errors',
      `--validate-request=${validateRequests}`,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--cors=false',
      '--verboseLevel',
      'error',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' } },
  );
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited:\n${output}`);
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return `http://127.0.0.1:${port}`;
    } catch {
      if (Date.now() > deadline) throw new Error(`prism did not start in 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

const [strict, lenient] = await Promise.all([startPrism(true), startPrism(false)]);

async function stop() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

// ── sending through Prism ──

/** The document's operation for a method and a concrete /api path. */
const templates = Object.entries(document.paths).sort(
  ([a], [b]) => (a.match(/\{/g) ?? []).length - (b.match(/\{/g) ?? []).length,
);
function operationOf(method: string, url: string): { key: string; operation: Operation } | undefined {
  const pathname = url.split('?')[0]!;
  for (const [template, methods] of templates) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`);
    const operation = methods[method.toLowerCase()];
    if (operation && pattern.test(pathname)) return { key: `${method.toUpperCase()} ${template}`, operation };
  }
  return undefined;
}

interface SendOptions {
  cookie?: string;
  body?: unknown;
  /** Hostile cases go through the proxy that does not validate requests. */
  hostile?: boolean;
  workspace?: string;
}

/**
 * Sends one request through Prism and records what it finds: Prism's own error answer (its
 * problem+json types name the violation), a `sl-violations` header, or a 5xx from the server.
 */
async function send(method: string, url: string, options: SendOptions = {}) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.workspace) headers['x-workspace'] = options.workspace;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const found = operationOf(method, url);
  const key = found?.key ?? `${method} ${url} (not in the document)`;
  checked.set(key, (checked.get(key) ?? 0) + 1);
  requests += 1;
  // A body the document has no schema for yet (a route not on jsonBody) cannot pass Prism's
  // request check: it goes through the proxy that checks answers only, and is counted.
  const unvalidatedBody = body !== undefined && !found?.operation.requestBody;
  if (unvalidatedBody && !options.hostile) bodiesWithoutSchema.add(key);
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${options.hostile || unvalidatedBody ? lenient : strict}${url}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    text = await response.text();
  } catch (error) {
    findings.push({
      operation: key,
      request: `${method} ${url}${body ? ` ${body.slice(0, 160)}` : ''}`,
      status: 0,
      problem: `no answer through Prism in ${ANSWER_WITHIN_MS / 1000} s (${(error as Error).name})`,
    });
    return { status: 0, json: {} as Record<string, unknown> & { id?: string } };
  }
  const record = (problem: string) =>
    findings.push({
      operation: key,
      request: `${method} ${url}${body ? ` ${body.slice(0, 160)}` : ''}`,
      status: response.status,
      problem,
    });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/problem+json')) {
    // What the server itself answers, beside Prism's verdict: a broken answer, or Prism's limit.
    const direct = await fetch(`${ORIGIN}${url}`, { method, headers, body, redirect: 'manual' }).catch(() => null);
    const server = direct
      ? `server: ${direct.status} ${direct.headers.get('content-type') ?? '(no type)'} ${(await direct.text()).slice(0, 200)}`
      : 'server: no answer';
    record(`Prism: ${text.slice(0, 600)}\n    ${server}`);
  } else if (response.headers.get('sl-violations')) {
    record(`Prism violations: ${response.headers.get('sl-violations')!.slice(0, 600)}`);
  } else if (response.status >= 500) {
    record(`server error: ${text.slice(0, 300)}`);
  }
  let json: unknown;
  try {
    json = text && type.includes('json') ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, json: json as Record<string, unknown> & { id?: string } };
}

// ── happy paths: each area as the app uses it ──

/** Signs up on the server itself (better-auth's /api/auth is not in the document) and proves the address. */
async function signUp(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${ORIGIN}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'quiet-harbour-7', name }),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((part) => part.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  return { email, cookie };
}

const owner = await signUp('Prism Owner');
const stranger = await signUp('Prism Stranger');
const me = (await send('GET', '/api/me', { cookie: owner.cookie })).json as {
  user?: { id: string };
  workspace?: { id: string };
  workspaces?: { id: string }[];
};
const ownerId = me.user?.id ?? randomUUID();
const workspaceId = me.workspace?.id ?? me.workspaces?.[0]?.id ?? randomUUID();
const as = { cookie: owner.cookie };
const idOf = (result: { json?: { id?: string } }) => result.json?.id ?? randomUUID();

const property = idOf(
  await send('POST', '/api/properties', { ...as, body: { name: 'Prism House', address: '1 Proxy Lane' } }),
);
const task = idOf(await send('POST', '/api/tasks', { ...as, body: { name: 'Check the schema', defaultPrice: 2500 } }));
const propertyTask = idOf(await send('POST', `/api/properties/${property}/tasks`, { ...as, body: { taskId: task } }));
const visit = idOf(
  await send('POST', '/api/visits', {
    ...as,
    body: { propertyId: property, scheduledAt: new Date(Date.now() + 86_400_000).toISOString() },
  }),
);
const visitTask = idOf(
  await send('POST', `/api/visits/${visit}/tasks`, { ...as, body: { taskId: task, price: 1800 } }),
);
const note = idOf(
  await send('POST', '/api/notes', {
    ...as,
    body: { content: 'Gate code 1234', attachableType: 'property', attachableId: property },
  }),
);
const client = idOf(
  await send('POST', '/api/clients', { ...as, body: { name: 'Ada Client', email: 'ada@example.com' } }),
);
await send('PATCH', `/api/properties/${property}`, {
  ...as,
  body: { name: 'Prism House', address: '1 Proxy Lane', clientId: client },
});
const invoice = idOf(await send('POST', '/api/invoices', { ...as, body: { propertyId: property } }));
const secondary = idOf(await send('POST', '/api/secondary-profiles', { ...as, body: { displayName: 'Second Me' } }));
await send('POST', `/api/workspaces/${workspaceId}/invitations`, {
  ...as,
  body: { email: stranger.email, role: 'technician' },
});
await send('PATCH', `/api/visits/${visit}/tasks/${visitTask}`, { ...as, body: { status: 'completed' } });
await send('PATCH', `/api/notes/${note}`, { ...as, body: { content: 'Gate code 4321' } });
await send('PATCH', `/api/tasks/${task}`, { ...as, body: { name: 'Check the schema again' } });
await send('POST', `/api/clients/${client}/portal-link`, as);
await send('POST', '/api/visit-series/preview', {
  ...as,
  body: {
    propertyId: property,
    startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    timeZone: 'Europe/London',
    rrule: 'FREQ=WEEKLY;COUNT=3',
  },
});

/** Real ids for a path's parameters, by the area the path is about. */
const ids: Record<string, string[]> = {
  properties: [property],
  tasks: [task],
  visits: [visit],
  notes: [note],
  clients: [client],
  invoices: [invoice],
  'secondary-profiles': [secondary],
  workspaces: [workspaceId],
  admin: [ownerId],
};
const allIds = Object.values(ids).flat();
function concrete(template: string, choose: (name: string, area: string) => string) {
  const area = template.split('/')[2] ?? '';
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(choose(name, area)));
}
const realId = (name: string, area: string) =>
  name === 'propertyTaskId'
    ? propertyTask
    : name === 'taskId'
      ? area === 'visits'
        ? visitTask
        : task
      : name === 'userId'
        ? ownerId
        : (ids[area]?.[0] ?? allIds[0]!);

/** Prism's proxy follows a redirect and checks the page it lands on: these are left out. */
const isRedirect = (operation: Operation) =>
  Object.keys(operation.responses).some((status) => /^30[1-8]$/.test(status) && status !== '304');

// ── hostile cases, from the document's schemas ──

const hostileString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '😀',
    '\ud800',
    "' OR 1=1 --",
    '%_\\',
    '__proto__',
    'NaN',
    '1e309',
    '-1',
    '9'.repeat(40),
  ),
  fc.constantFrom('x'.repeat(5_000), 'é'.repeat(20_001)),
);
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, 2 ** 63, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom(null, true, false),
  fc.constantFrom(...allIds, randomUUID(), '00000000-0000-0000-0000-000000000000'),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), hostileLeaf, { maxKeys: 3 }) },
);

const hostileObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), hostileValue, { maxKeys: 4 }),
  fc.array(hostileLeaf, { maxLength: 4 }),
);

/** A value the schema accepts, roughly (the first enum member, a real id for a uuid). */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union?.length) return fc.oneof(...union.map(plausible));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return fc.constantFrom(...allIds);
      if (schema.format === 'date-time') return fc.constant(new Date(Date.now() + 3_600_000).toISOString());
      if (schema.format === 'email') return fc.constant('someone@example.com');
      return fc.constantFrom('Prism', 'Ünïcødé 😀', "O'Brien");
    case 'integer':
    case 'number':
      return fc.integer({ min: Number(schema.minimum ?? 0), max: Math.min(Number(schema.maximum ?? 100), 100_000) });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible((schema.items ?? {}) as JsonSchema), { maxLength: 2 });
    case 'object':
      return objectOf(schema);
    default:
      return hostileLeaf;
  }
}

/** An object of the schema's fields, each plausible or hostile or left out: nearly valid, often not. */
function objectOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 6 }), hostileLeaf, { maxKeys: 2 });
  return fc.record(
    Object.fromEntries(
      properties.map(([name, property]) => [
        name,
        fc.oneof({ weight: 3, arbitrary: plausible(property) }, { weight: 1, arbitrary: hostileValue }),
      ]),
    ),
    { requiredKeys: [] },
  );
}

const hostileId = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...allIds) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(randomUUID(), 'x', '0', '%00', 'a'.repeat(300), '00000000-0000-0000-0000-000000000000'),
  },
);

/** The required query parameters of an operation, with real ids and plausible values. */
function requiredQuery(operation: Operation): string {
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query' || !parameter.required) continue;
    const value = parameter.name.endsWith('Id')
      ? realId(
          parameter.name.replace(/Id$/, ''),
          `${parameter.name.replace(/Id$/, '')}s`.replace('propertys', 'properties'),
        )
      : fc.sample(plausible(parameter.schema), { seed: SEED, numRuns: 1 })[0];
    query.set(parameter.name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

// Every GET with real ids, as the owner: what the pages read.
for (const [template, methods] of Object.entries(document.paths)) {
  if (methods.get && !isRedirect(methods.get)) {
    await send('GET', `${concrete(template, realId)}${requiredQuery(methods.get)}`, as);
  }
}

const WRITES_LAST = (method: string, template: string) =>
  (method === 'delete' ? 2 : 0) +
  (template === '/api/workspaces/{id}' || template.endsWith('/members/{userId}') ? 1 : 0);
const operations = Object.entries(document.paths)
  .flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ template, method, operation })),
  )
  .filter(({ operation }) => !isRedirect(operation))
  .sort((a, b) => WRITES_LAST(a.method, a.template) - WRITES_LAST(b.method, b.template));

let caseSeed = SEED;
for (const { template, method, operation } of operations) {
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const cases = fc.sample(
    fc.record({
      path: fc.constantFrom(0).chain(() =>
        fc.tuple(...[...template.matchAll(/\{[^}]+\}/g)].map(() => hostileId)).map((chosen) => {
          let index = 0;
          return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(chosen[index++] as string));
        }),
      ),
      query: fc.record(
        Object.fromEntries(
          query.map((parameter) => [parameter.name, fc.oneof(plausible(parameter.schema), hostileLeaf)]),
        ),
        { requiredKeys: [] },
      ),
      // Objects and arrays only: Prism's proxy mangles a body that is a bare string or null, or
      // not JSON at all (it answers nothing, or forwards no body); tests/api/fuzz.test.ts sends those.
      body: bodySchema
        ? fc.oneof({ weight: 4, arbitrary: plausible(bodySchema) }, { weight: 1, arbitrary: hostileObject })
        : fc.oneof(fc.constant({}), hostileObject),
      stranger: fc.boolean(),
    }),
    { seed: caseSeed++, numRuns: RUNS },
  );
  for (const one of cases) {
    const search = new URLSearchParams(
      Object.entries(one.query).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    ).toString();
    const url = `${one.path}${search ? `?${search}` : ''}`;
    const withBody = method !== 'get' && method !== 'delete';
    await send(method.toUpperCase(), url, {
      cookie: one.stranger ? stranger.cookie : owner.cookie,
      hostile: true,
      ...(withBody ? { body: one.body } : {}),
    });
  }
}

// ── the report ──

const documented = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
const outside = [...checked.keys()].filter((key) => key.includes('not in the document'));
console.log(
  `prism-check: ${documented} operations in the document, ${checked.size - outside.length} checked, ${requests} requests through Prism, ${findings.length} findings, ${Math.round((Date.now() - started) / 1000)} s`,
);
const byOperation = new Map<string, Finding[]>();
for (const finding of findings)
  byOperation.set(finding.operation, [...(byOperation.get(finding.operation) ?? []), finding]);
for (const [key, list] of byOperation) {
  console.log(`\n✖ ${key}: ${list.length}`);
  for (const finding of list.slice(0, 3)) console.log(`  ${finding.status} ${finding.request}\n    ${finding.problem}`);
}
if (bodiesWithoutSchema.size > 0) {
  console.log(
    `\nbodies the document has no schema for yet (answers checked, requests not): ${[...bodiesWithoutSchema].join(', ')}`,
  );
}
const redirects = Object.entries(document.paths).flatMap(([template, methods]) =>
  Object.entries(methods)
    .filter(([, operation]) => isRedirect(operation))
    .map(([method]) => `${method.toUpperCase()} ${template}`),
);
if (redirects.length > 0) console.log(`\nleft out (a redirect, which Prism's proxy follows): ${redirects.join(', ')}`);
const unchecked = operations.filter(({ template, method }) => !checked.has(`${method.toUpperCase()} ${template}`));
if (unchecked.length > 0)
  console.log(`\nnot reached: ${unchecked.map(({ method, template }) => `${method} ${template}`).join(', ')}`);
await stop();
process.exit(findings.length > 0 ? 1 : 0);
