import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authLog, describeError, rootCause } from './log';

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
