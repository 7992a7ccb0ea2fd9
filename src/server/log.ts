import { DrizzleQueryError } from 'drizzle-orm/errors';
import { isDatabaseUnavailable } from './db/client';

// What the server writes to its log about a failure. Never a query's parameters: they hold
// session tokens, password hashes and people's e-mail addresses (a DrizzleQueryError puts them
// in its message, and better-auth would log that message as it stands).

/** An error as log text: its stack, the SQL of a failed query without its parameters, and its causes. */
export function describeError(error: unknown, depth = 0): string {
  if (depth > 4) return '…';
  const causedBy = (cause: unknown) => (cause ? `\n  caused by: ${describeError(cause, depth + 1)}` : '');
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}${causedBy(error.cause)}`;
  if (error instanceof Error) return `${error.stack ?? `${error.name}: ${error.message}`}${causedBy(error.cause)}`;
  return String(error);
}

/** The innermost cause's message: enough for a warning that repeats, such as an outage. */
export function rootCause(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause; depth += 1) current = current.cause;
  if (current instanceof DrizzleQueryError) return 'Failed query';
  return current instanceof Error ? current.message : String(current);
}

type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** better-auth's adapter logs this with the query's parameters, then throws the error on. */
const RETHROWN_QUERY_FAILURE = 'Failed to query fallback join';

/**
 * better-auth's logger, through `describeError`. A database outage is a warning: the request
 * that met it is answered 503 and nothing is wrong with the app itself.
 */
export function authLog(level: LogLevel, message: string, ...args: unknown[]) {
  if (level === 'debug') return;
  if (message.startsWith(RETHROWN_QUERY_FAILURE)) {
    // Its argument is the query's where clause (ids, e-mail addresses); the error itself is
    // thrown on and logged, or answered 503, by whoever handles it.
    console.warn(`[better-auth] ${message.replace(/:$/, '')} (the error is handled where it is caught)`);
    return;
  }
  if (args.some(isDatabaseUnavailable)) {
    console.warn(`[better-auth] ${message}: the database is unavailable (${args.map(rootCause).join('; ')})`);
    return;
  }
  const details = args.map((arg) => (arg instanceof Error ? describeError(arg) : arg));
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
  write(`[better-auth] ${message}`, ...details);
}
