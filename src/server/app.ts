import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import type { $ZodType } from 'zod/v4/core';
import {
  requestPasswordResetRequest,
  resetPasswordRequest,
  sendVerificationEmailRequest,
  signUpRequest,
  updateUserRequest,
} from '../shared/schemas/auth';
import type { ErrorBody } from '../shared/schemas/common';
import { changePasswordRequest } from '../shared/schemas/profiles';
import { CLIENT_IP_HEADER, createAuth, type Auth } from './auth/auth';
import { refuseCommonPassword } from './auth/common-passwords';
import { withoutSessionTokens } from './auth/response-tokens';
import { GOOGLE_CALLBACK_PATH } from './auth/google';
import { handleGoogleCallback } from './auth/google-callback';
import { verifyEmailPageOf } from './auth/identity-mail';
import { loadActor, readActor } from './auth/session';
import type { Config } from './config';
import { isDatabaseUnavailable, type Database } from './db/client';
import { AppError, STATUS_BY_CODE } from './errors';
import { isUpload, sameOriginWrites, securityHeaders } from './guards';
import { idempotency } from './idempotency';
import { clientIp, parseWith } from './http';
import { pageFrames, sendFramed } from './page-frame';
import { apiRoutes } from './api-routes';
import { openApiRoutes } from './openapi';
import { openMailer, type Mailer } from './mail/mailer';
import { openStorage } from './storage/open-storage';
import { openPayments } from './payments/open-payments';
import type { PaymentProvider } from './payments/provider';
import type { Storage } from './storage/storage';
import type { AppEnv } from './types';
import { describeError, requestLog, rootCause } from './log';

/** Upper bound of a JSON request body (uploads, when they come, get their own limit). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export interface AppDeps {
  config: Config;
  db: Database;
  auth?: Auth;
  storage?: Storage;
  mailer?: Mailer;
  /** Null: online payment is off. Left out: from the configuration. */
  payments?: PaymentProvider | null;
}

/** Builds the whole HTTP app without listening, so tests can call `app.request()`. */
export function createApp({
  config,
  db,
  mailer = openMailer(config),
  auth = createAuth(config, db, mailer),
  storage = openStorage(config),
  payments = openPayments(config),
}: AppDeps) {
  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } };
      if (error.current !== undefined) body.error.current = error.current;
      if (error.missing !== undefined) body.error.missing = error.missing;
      return c.json(body, STATUS_BY_CODE[error.code]);
    }
    if (error instanceof HTTPException && error.status < 500) {
      const body: ErrorBody = { error: { code: 'BAD_REQUEST', message: error.message || 'Bad request' } };
      return c.json(body, error.status);
    }
    if (isDatabaseUnavailable(error)) {
      console.warn(`${c.req.method} ${c.req.path}: the database is unavailable (${rootCause(error)})`);
      const body: ErrorBody = {
        error: { code: 'UNAVAILABLE', message: 'The database is not reachable right now; please try again shortly' },
      };
      return c.json(body, 503, { 'Retry-After': '5' });
    }
    console.error(`${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
    const body: ErrorBody = { error: { code: 'INTERNAL', message: 'Something went wrong on the server' } };
    return c.json(body, 500);
  });

  if (config.logRequests) app.use(requestLog());
  app.use(securityHeaders(config));
  app.use('/api/*', sameOriginWrites(config));
  // JSON bodies are small; anything bigger is refused before it is read (413). Only requests
  // that carry a body pay for the check; a photo upload streams under its own limit.
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => {
      const body: ErrorBody = { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' } };
      return c.json(body, 413);
    },
  });
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c.req.method, c.req.path)) return next();
    return jsonBodyLimit(c, next);
  });
  app.use('*', async (c, next) => {
    c.set('config', config);
    c.set('db', db);
    c.set('auth', auth);
    c.set('storage', storage);
    c.set('mailer', mailer);
    c.set('payments', payments);
    await next();
  });

  // ── /api/auth: better-auth, behind our own input validation and client-IP header ──
  // A new password follows the sign-up rules (spec §5), with the same messages, and is on no
  // list of common passwords.
  app.post('/api/auth/sign-up/email', validateJsonBody(signUpRequest, 'password'));
  app.post('/api/auth/change-password', validateJsonBody(changePasswordRequest, 'newPassword'));
  app.post('/api/auth/reset-password', validateJsonBody(resetPasswordRequest, 'newPassword'));
  app.post('/api/auth/request-password-reset', validateJsonBody(requestPasswordResetRequest));
  app.post('/api/auth/send-verification-email', validateJsonBody(sendVerificationEmailRequest));
  app.post('/api/auth/update-user', validateJsonBody(updateUserRequest));
  // A Google sign-in never joins an account whose address was never proven.
  app.get(GOOGLE_CALLBACK_PATH, (c) => handleGoogleCallback(auth, db, withClientIp(c.req.raw, clientIp(c, config))));
  // A verification link opens our page; only its button's POST (/api/verify-email) proves the address.
  app.get('/api/auth/verify-email', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(verifyEmailPageOf(c.req.url), 303);
  });
  app.on(['GET', 'POST'], '/api/auth/*', async (c) =>
    withoutSessionTokens(await auth.handler(withClientIp(c.req.raw, clientIp(c, config)))),
  );

  // ── /api: JSON resources ──
  app.use('/api/*', loadActor);
  // A write sent with an Idempotency-Key answers a replay with its first answer.
  app.use('/api/*', idempotency);
  app.route('/api', apiRoutes);
  // The API's OpenAPI document and its reference page: public, cached.
  app.route('/api', openApiRoutes);
  app.all('/api/*', (c) => {
    const body: ErrorBody = { error: { code: 'NOT_FOUND', message: 'No such API endpoint' } };
    return c.json(body, 404);
  });

  // ── the built SPA: hashed assets cached forever, every other path gets index.html ──
  if (existsSync(path.join(config.clientDir, 'index.html'))) {
    const root = path.relative(process.cwd(), config.clientDir) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    // A signed-in visit to a landing page gets the page's frame in its HTML.
    const framedPage = pageFrames(config.clientDir);
    app.get('*', async (c, next) => {
      const page = framedPage(c.req.path);
      if (!page || !(await readActor(auth, db, c.req.raw.headers))) return next();
      return sendFramed(c, page);
    });
    app.use('*', serveStatic({ root, precompressed: true, onFound: noCache }));
    app.get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: noCache }));
  }

  return app;
}

export type App = ReturnType<typeof createApp>;

/**
 * Checks a better-auth endpoint's JSON body with a shared schema before better-auth reads it,
 * and the new password in `passwordField` against the list of common passwords.
 */
function validateJsonBody(schema: $ZodType, passwordField?: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body = parseWith(
      schema,
      await c.req.raw
        .clone()
        .json()
        .catch(() => null),
    ) as Record<string, unknown>;
    if (passwordField) await refuseCommonPassword(body[passwordField], passwordField);
    await next();
  });
}

const noCache = (_path: string, c: { header: (name: string, value: string) => void }) =>
  c.header('Cache-Control', 'no-cache');

function withClientIp(request: Request, ip: string | null): Request {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(request, { headers });
}
