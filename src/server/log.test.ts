import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/pglite';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { newPglite } from './db/client';
import { authLog, describeError, redactedUrl, requestLog, rootCause } from './log';

const token = 'secret-session-token-0123456789';
const failedQuery = (cause: Error) =>
  new DrizzleQueryError('select * from "sessions" where "token" = $1', [token], cause);

describe('what the log says about an error', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the SQL and the cause of a failed query but never its parameters', () => {
    const text = describeError(failedQuery(new Error('relation "sessions" does not exist')));
    expect(text).toContain('Failed query: select * from "sessions"');
    expect(text).toContain('caused by: Error: relation "sessions" does not exist');
    expect(text).not.toContain(token);
  });

  it('follows causes through wrappers such as better-auth’s own errors', () => {
    const wrapped = new Error('Failed to get session', { cause: failedQuery(new Error('boom')) });
    expect(describeError(wrapped)).not.toContain(token);
    expect(rootCause(wrapped)).toBe('boom');
  });

  it('better-auth errors go through it: a database outage is a short warning, anything else an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    authLog('error', 'INTERNAL_SERVER_ERROR', failedQuery(refused));
    expect(warn.mock.calls).toEqual([
      ['[better-auth] INTERNAL_SERVER_ERROR: the database is unavailable (connect ECONNREFUSED 127.0.0.1:5432)'],
    ]);
    authLog('error', 'INTERNAL_SERVER_ERROR', failedQuery(new Error('syntax error')));
    expect(error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(error.mock.calls)).not.toContain(token);
    error.mockClear(); // this test's own console.error calls are the point of it
  });

  it('the adapter’s “fallback join” failure is a warning without its where clause (the error is thrown on)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    authLog('error', 'Failed to query fallback join for model users:', {
      where: [{ field: 'email', value: 'olga@example.com' }],
      limit: 1,
    });
    expect(error).not.toHaveBeenCalled();
    expect(warn.mock.calls).toEqual([
      ['[better-auth] Failed to query fallback join for model users (the error is handled where it is caught)'],
    ]);
  });
});

describe('the request log (LOG_REQUESTS=true)', () => {
  afterEach(() => vi.restoreAllMocks());

  const feedToken = 'Zm9vYmFyLXNlY3JldC10b2tlbi0wMTIzNDU2Nzg5';

  it('writes one line per request without the calendar feed’s token or any query value', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const app = new Hono()
      .use(requestLog())
      .get('/api/calendar/feed/:file', (c) => c.text('BEGIN:VCALENDAR'))
      .get('/api/visits', (c) => c.json({ items: [] }));
    await app.request(`/api/calendar/feed/${feedToken}.ics?download=${feedToken}`);
    await app.request('/api/visits?from=2030-06-01T00:00:00Z&token=s3cret&flag');
    await app.request('/api/nowhere');
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^GET \/api\/calendar\/feed\/\[redacted\]\?download=\[redacted\] 200 \d+ms$/);
    expect(lines[1]).toMatch(/^GET \/api\/visits\?from=\[redacted\]&token=\[redacted\]&\[redacted\] 200 \d+ms$/);
    expect(lines[2]).toMatch(/^GET \/api\/nowhere 404 \d+ms$/);
    expect(lines.join('\n')).not.toMatch(new RegExp(`${feedToken}|s3cret|2030|flag`));
  });

  it('redacts the feed however its path is spelled, and keeps the feed’s own routes readable', () => {
    expect(redactedUrl(`http://localhost/API/Calendar/Feed/${feedToken}.ics`)).toBe('/API/Calendar/Feed/[redacted]');
    expect(redactedUrl(`http://localhost/api/calendar/feed%2F${feedToken}.ics`)).toBe('/api/calendar/feed/[redacted]');
    expect(redactedUrl('http://localhost/api/calendar/feed')).toBe('/api/calendar/feed');
    expect(redactedUrl('http://localhost/api/calendar/feed/regenerate')).toBe('/api/calendar/feed/regenerate');
    expect(redactedUrl('http://localhost/api/notes/0b7c3f0e-5a3c-4f6e-9d4b-2a1e8c9f7d60')).toBe(
      '/api/notes/0b7c3f0e-5a3c-4f6e-9d4b-2a1e8c9f7d60',
    );
  });
});

describe('database errors in the log', () => {
  // A real PGlite, so the errors are the database's own, with its SQLSTATE and fields.
  const client = newPglite();
  const db = drizzle(client);
  beforeAll(async () => {
    await client.exec(`create table people (email text constraint people_email_key unique,
      age integer constraint people_age_check check (age >= 0))`);
  });
  afterAll(() => client.close());

  async function failure(query: ReturnType<typeof sql>): Promise<unknown> {
    try {
      await db.execute(query);
    } catch (error) {
      return error;
    }
    throw new Error('the query did not fail');
  }

  it('logs the SQLSTATE and the message without the value it quotes', async () => {
    const error = await failure(sql`select ${'-000001-12-31'}::timestamptz`);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    const text = describeError(error);
    expect(text).toContain('Failed query: select $1::timestamptz');
    expect(text).toContain(
      'caused by: database error 22007: invalid input syntax for type timestamp with time zone: "[value]"',
    );
    expect(text).not.toContain('000001');
    expect(rootCause(error)).toBe(
      'database error 22007: invalid input syntax for type timestamp with time zone: "[value]"',
    );
    // A value written into the SQL itself is in the database's message as much as a parameter.
    const literal = await failure(sql.raw(`select '-000001-12-31'::timestamptz`));
    expect(describeError((literal as Error).cause)).not.toContain('000001');
  });

  it('keeps the constraint, table and column names, never the detail with the value', async () => {
    await db.execute(sql`insert into people (email) values (${'olga@example.com'})`);
    const duplicate = describeError(await failure(sql`insert into people (email) values (${'olga@example.com'})`));
    expect(duplicate).toContain(
      'database error 23505: duplicate key value violates unique constraint "people_email_key" (schema public, table people, constraint people_email_key)',
    );
    const negative = describeError(await failure(sql`insert into people (age) values (${-4})`));
    expect(negative).toContain(
      'database error 23514: new row for relation "people" violates check constraint "people_age_check"',
    );
    expect(`${duplicate}\n${negative}`).not.toMatch(/olga|example\.com|-4|Key \(/);
  });

  it('replaces everything between the first and the last quote a value leaves behind', async () => {
    const text = describeError(await failure(sql`select ${'a"b"secret"c'}::uuid`));
    expect(text).toContain('database error 22P02: invalid input syntax for type uuid: "[value]"');
    expect(text).not.toContain('secret');
  });
});
