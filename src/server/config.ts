import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// The one place that reads process.env (STYLE.md rule 9).

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(blankToUndefined, z.string().optional());

const envSchema = z.object({
  // Production unless told otherwise (`npm run dev` says development).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  BETTER_AUTH_SECRET: optionalString,
  PUBLIC_URL: optionalString,
  TRUST_PROXY: z
    .preprocess(blankToUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.preprocess(blankToUndefined, z.url().default('https://accounts.google.com')),
  S3_ENDPOINT: optionalString,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.preprocess(blankToUndefined, z.string().default('us-east-1')),
  SMTP_URL: optionalString,
  MAIL_FROM: z.preprocess(blankToUndefined, z.string().default('Rounds <rounds@localhost>')),
  CLIENT_DIR: z.string().default('./dist/client'),
  LOG_REQUESTS: z
    .preprocess(blankToUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  WEB_CONCURRENCY: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(64).default(1)),
  MESSAGE_POLL_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(50).max(60_000).default(1000)),
  SHUTDOWN_GRACE_SECONDS: z.preprocess(blankToUndefined, z.coerce.number().min(0).max(600).default(10)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.preprocess(blankToUndefined, z.url().optional()),
  STRIPE_CONNECT: z
    .preprocess(blankToUndefined, z.enum(['true', 'false']).default('false'))
    .transform((value) => value === 'true'),
  GEOCODER_URL: z.preprocess(blankToUndefined, z.url().optional()),
  GEOCODER_CONTACT: optionalString,
  TRAVEL_TIMES_URL: z.preprocess(blankToUndefined, z.url().optional()),
  GEOCODER_INTERVAL_MS: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(60_000).default(1000)),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** BETTER_AUTH_SECRET was not given: the secret kept in DATA_DIR/auth-secret signs sessions. */
  secretFromDataDir: boolean;
  /** The origin people reach the app at; better-auth's base URL. */
  publicUrl: string;
  /** Extra origins allowed to post to /api/auth (the Vite dev server). */
  trustedOrigins: string[];
  trustProxy: boolean;
  authRateLimit: { window: number; max: number };
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  googleIssuer: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | null;
  /** Send mail through this SMTP server; without it, messages are written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  clientDir: string;
  logRequests: boolean;
  /** Server processes sharing the port (node:cluster); above 1 only on PostgreSQL. */
  processes: number;
  /** How often the client-message worker looks for due messages. */
  messagePollMs: number;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /**
   * Card payments through Stripe (docs/decisions/payments.md); null when no key is given: online
   * payment is off and invoices show the business's payment instructions.
   */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined; connect: boolean } | null;
  /**
   * A Nominatim-compatible geocoder (its base URL, the contact its User-Agent names, the least
   * time between two requests); null: off, properties are placed by people.
   */
  geocoder: { url: string; contact: string; intervalMs: number } | null;
  /** An OSRM-compatible table service for driving times; null: straight-line distance at a set speed. */
  travelTimesUrl: string | null;
  /** Names of the settings that were given, for /auth-test (never their values). */
  presentSettings: Record<string, boolean>;
}

/** Settings /auth-test reports on. */
export const REPORTED_SETTINGS = [
  'DATABASE_URL',
  'BETTER_AUTH_SECRET',
  'PUBLIC_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_ISSUER',
  'S3_BUCKET',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');

  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new Error('Sign-in with Google needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
  }
  const s3Parts = [env.S3_ENDPOINT, env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Parts.some(Boolean) && !s3Parts.every(Boolean)) {
    throw new Error('S3 needs all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Card payments need both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.GEOCODER_URL && !env.GEOCODER_CONTACT) {
    // The Nominatim usage policy: a User-Agent that identifies the application and its operator.
    throw new Error('GEOCODER_URL needs GEOCODER_CONTACT (an e-mail or URL the geocoder can reach you at)');
  }
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new Error('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process');
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    // `npm ci && npm start` needs no configuration, also in production: without
    // BETTER_AUTH_SECRET the secret is generated once into DATA_DIR (main.ts warns).
    authSecret: env.BETTER_AUTH_SECRET ?? readOrCreateSecret(dataDir),
    secretFromDataDir: !env.BETTER_AUTH_SECRET,
    publicUrl,
    // The Vite dev server is another origin: trusted only under `npm run dev` (NODE_ENV=development).
    trustedOrigins: env.NODE_ENV === 'development' ? [publicUrl, 'http://localhost:5173'] : [publicUrl],
    trustProxy: env.TRUST_PROXY,
    authRateLimit: { window: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : null,
    googleIssuer: env.GOOGLE_ISSUER,
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            region: env.S3_REGION,
          }
        : null,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    clientDir: path.resolve(env.CLIENT_DIR),
    logRequests: env.LOG_REQUESTS,
    processes: env.WEB_CONCURRENCY,
    messagePollMs: env.MESSAGE_POLL_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
            connect: env.STRIPE_CONNECT,
          }
        : null,
    geocoder:
      env.GEOCODER_URL && env.GEOCODER_CONTACT
        ? {
            url: env.GEOCODER_URL.replace(/\/$/, ''),
            contact: env.GEOCODER_CONTACT,
            intervalMs: env.GEOCODER_INTERVAL_MS,
          }
        : null,
    travelTimesUrl: env.TRAVEL_TIMES_URL ? env.TRAVEL_TIMES_URL.replace(/\/$/, '') : null,
    presentSettings: Object.fromEntries(REPORTED_SETTINGS.map((name) => [name, Boolean(source[name])])),
  };
}

/** The default secret: generated once and kept beside the data, readable by its owner only. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
