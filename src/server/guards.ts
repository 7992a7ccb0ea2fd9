import { createMiddleware } from 'hono/factory';
import type { Config } from './config';
import { AppError } from './errors';

// What every request and answer goes through before any route: the same-origin rule for
// writes (CSRF), the body types each write may carry, and the security headers.

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The writes that stream a file upload (multipart) instead of a JSON body: photos, a visit's
 * signature, and a quote's approval with its signature (in the portal, or in person).
 */
export const isUpload = (method: string, path: string) =>
  method === 'POST' &&
  (path === '/api/photos' ||
    /^\/api\/visits\/[^/]+\/signature$/.test(path) ||
    /^\/api\/portal\/quotes\/[^/]+\/approve$/.test(path) ||
    /^\/api\/quotes\/[^/]+\/approve-in-person$/.test(path));

/**
 * RFC 8058's one-click unsubscribe. Mail programs POST `List-Unsubscribe=One-Click`
 * as a form from their own servers (no Origin). The token in the path is the credential, and all
 * such a request can do is unsubscribe the client the token names: no same-origin rule to keep.
 */
const isOneClickUnsubscribe = (method: string, path: string) =>
  method === 'POST' && /^\/api\/unsubscribe\/[^/]+$/.test(path);

/**
 * The payment provider's webhook: posted by the provider's servers (no Origin, no session). The
 * signature over its raw body is the credential (checked by the SDK), and all it can do is record
 * what the provider says happened.
 */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhooks/stripe';
const isPaymentWebhook = (method: string, path: string) => method === 'POST' && path === PAYMENT_WEBHOOK_PATH;

/**
 * CSRF: a write to /api must come from the app's own origin: the `Origin` header, or when a
 * browser sends none, `Sec-Fetch-Site: same-origin`. Another site, or another port of this
 * host, gets 403. A body must be JSON (multipart only where an upload is expected), so a
 * cross-site form or a `text/plain` fetch can never pass as a JSON call: 415.
 */
export function sameOriginWrites(config: Config) {
  const trusted = new Set(config.trustedOrigins);
  return createMiddleware(async (c, next) => {
    if (
      !UNSAFE_METHODS.has(c.req.method) ||
      isOneClickUnsubscribe(c.req.method, c.req.path) ||
      isPaymentWebhook(c.req.method, c.req.path)
    )
      return next();
    const origin = c.req.header('origin');
    const sameOrigin = origin ? trusted.has(origin) : c.req.header('sec-fetch-site') === 'same-origin';
    if (!sameOrigin) throw new AppError('FORBIDDEN', 'Requests from another site are not allowed');
    if (carriesBody(c.req.raw.headers)) {
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const expected = isUpload(c.req.method, c.req.path) ? 'multipart/form-data' : 'application/json';
      if (type !== expected) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The request body must be ${expected}`);
    }
    await next();
  });
}

/** A body is announced by its length or chunked encoding; a declared type counts too (no length known). */
const carriesBody = (headers: Headers) =>
  Number(headers.get('content-length') ?? 0) > 0 ||
  headers.has('transfer-encoding') ||
  (!headers.has('content-length') && headers.has('content-type'));

/**
 * Security headers, built once. The page and its assets get a Content-Security-Policy
 * (scripts, connections and frames only from this origin; images also from blob:, for the
 * camera's preview); every /api answer is `no-store` unless it says otherwise (photo files
 * are private, an hour).
 */
export function securityHeaders(config: Config) {
  const common: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'same-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(config.publicUrl.startsWith('https:')
      ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as [string, string][])
      : []),
  ];
  const page: [string, string][] = [
    ...common,
    [
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        // Mantine sets styles through style attributes and one <style> element of CSS variables.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' blob: data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "media-src 'self' blob:",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ].join('; '),
    ],
  ];
  return createMiddleware(async (c, next) => {
    await next();
    const api = c.req.path.startsWith('/api/');
    for (const [name, value] of api ? common : page) c.res.headers.set(name, value);
    if (api && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
}
