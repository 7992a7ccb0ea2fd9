import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createMiddleware } from 'hono/factory';
import { isDatabaseUnavailable } from './db/client';

// What the server writes to its log about a failure. Never a query's parameters: they hold
// session tokens, password hashes and people's e-mail addresses (a DrizzleQueryError puts them
// in its message, and better-auth would log that message as it stands).

const REDACTED = '[redacted]';

/**
 * The routes whose path carries a secret after their prefix: everything after the prefix is
 * redacted. A new route with a token in its path (a quote's approval, a payment link) joins
 * this list in the change that adds it; the log test plants a secret in each entry. `keep`
 * names the route's own paths that carry no secret (the feed's settings).
 */
export const TOKEN_ROUTES: readonly { prefix: string; keep?: RegExp }[] = [
  // better-auth: the reset link (GET /api/auth/reset-password/{token}) and the page it lands on.
  { prefix: '/api/auth/reset-password' },
  { prefix: '/reset-password' },
  // The verification link's token: a query value of better-auth's old link (`/api/auth/verify-email?token=`),
  // the path of the page the e-mail links to now.
  { prefix: '/api/auth/verify-email' },
  { prefix: '/verify-email' },
  // The page's button posts the same token: POST /api/verify-email/{token}.
  { prefix: '/api/verify-email' },
  { prefix: '/api/portal/enter' },
  { prefix: '/portal/enter' },
  // An invitation's link: the page, and its by-token read, accept and decline.
  { prefix: '/api/invitations/by-token' },
  { prefix: '/invitations' },
  { prefix: '/api/unsubscribe' },
  { prefix: '/unsubscribe' },
  { prefix: '/api/calendar/feed', keep: /^\/regenerate$/i },
  // Quote approval and payment links, ready for the routes that bring them.
  { prefix: '/api/quotes/approve' },
  { prefix: '/quote' },
  { prefix: '/api/pay' },
  { prefix: '/pay' },
];

/** A path segment that looks like a secret whatever its route: 32 or more URL-safe characters, not a UUID. */
const TOKEN_LIKE = /^[A-Za-z0-9_~.=-]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A request's path and query as the log may show them: a token route keeps its prefix and
 * loses the rest (matched without regard to case, with an encoded `/` read as one), any other
 * segment that looks like a token is redacted, and every query value is replaced (an OAuth
 * `code`, a `state`, a verification `token`); the names stay.
 */
export function redactedUrl(url: string): string {
  const { pathname, search } = new URL(url, 'http://localhost');
  const path = redactedPath(pathname);
  if (!search) return path;
  const query = search
    .slice(1)
    .split('&')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? REDACTED : `${part.slice(0, at)}=${REDACTED}`;
    });
  return `${path}?${query.join('&')}`;
}

function redactedPath(pathname: string): string {
  const path = pathname.replace(/%2f/gi, '/');
  const lower = path.toLowerCase();
  for (const { prefix, keep } of TOKEN_ROUTES) {
    if (!lower.startsWith(prefix)) continue;
    const rest = path.slice(prefix.length);
    if (rest !== '' && !rest.startsWith('/')) continue;
    if (rest === '' || rest === '/' || keep?.test(rest)) return path;
    return `${path.slice(0, prefix.length)}/${REDACTED}`;
  }
  return path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID.test(segment) ? REDACTED : segment))
    .join('/');
}

/**
 * `LOG_REQUESTS=true`: one line per answered request, `GET /api/visits?from=[redacted] 200 12ms`.
 * Hono's own logger wrote the URL as it came, tokens included.
 */
export const requestLog = (print: (line: string) => void = (line) => console.log(line)) =>
  createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    print(`${c.req.method} ${redactedUrl(c.req.url)} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });

/**
 * An error as log text: its stack, the SQL of a failed query without its parameters, a database
 * error without the values it quotes, and its causes.
 */
export function describeError(error: unknown, depth = 0): string {
  if (depth > 4) return '…';
  const causedBy = (cause: unknown) => (cause ? `\n  caused by: ${describeError(cause, depth + 1)}` : '');
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}${causedBy(error.cause)}`;
  if (isDatabaseError(error)) return `${describeDatabaseError(error)}${causedBy(error.cause)}`;
  if (error instanceof Error) return `${error.stack ?? `${error.name}: ${error.message}`}${causedBy(error.cause)}`;
  return String(error);
}

/** The innermost cause's message: enough for a warning that repeats, such as an outage. */
export function rootCause(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause; depth += 1) current = current.cause;
  if (current instanceof DrizzleQueryError) return 'Failed query';
  if (isDatabaseError(current)) return describeDatabaseError(current);
  return current instanceof Error ? current.message : String(current);
}

/** What PostgreSQL (node-postgres) and PGlite errors carry besides their message. */
interface DatabaseError extends Error {
  code: string;
  severity: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
}

/** An error the database itself answered: a SQLSTATE `code` (five characters) and a severity. */
function isDatabaseError(error: unknown): error is DatabaseError {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as Partial<DatabaseError>;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

const NAME_FIELDS = ['schema', 'table', 'column', 'dataType', 'constraint'] as const;

/**
 * `database error 22007: invalid input syntax for type timestamp with time zone: "[value]"`.
 * PostgreSQL quotes the offending input in its message ('"-000001-12-31"', a duplicate key's
 * `detail`), so the message keeps only the names the error reports apart (table, column,
 * constraint…), every other quoted text becomes "[value]", and the detail is never logged.
 * Everything from the first other quote to the last is replaced at once: a value may itself
 * hold quotes, which no pairing could tell from the message's own.
 */
function describeDatabaseError(error: DatabaseError): string {
  const names = NAME_FIELDS.map((field) => [field, error[field]] as const).filter(
    (entry): entry is readonly [(typeof NAME_FIELDS)[number], string] => Boolean(entry[1]),
  );
  const kept: string[] = [];
  let message = error.message;
  for (const [, name] of names) {
    message = message.split(`"${name}"`).join(`\u0000${kept.push(name) - 1}\u0000`);
  }
  message = message.replace(/".*"|".*$/s, '"[value]"');
  // NUL never occurs in PostgreSQL's text, so it marks the kept names safely.
  message = message
    .split('\u0000')
    .map((part, index) => (index % 2 === 1 ? `"${kept[Number(part)]}"` : part))
    .join('');
  const where = names.map(([field, name]) => `${field} ${name}`).join(', ');
  return `database error ${error.code}: ${message}${where ? ` (${where})` : ''}`;
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
