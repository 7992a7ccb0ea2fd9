import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { DEFAULT_ACCOUNT_ROLE, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../shared/constants';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { authLog } from '../log';
import { ensureProfile } from './profile-row';
import { googleNotConfiguredHook, googlePlugins } from './google';

/** The header our own server sets to the client's address; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = 'x-rounds-client-ip';

export function createAuth(config: Config, db: Database) {
  return betterAuth({
    appName: 'Rounds',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        rate_limits: schema.rateLimits,
      },
    }),
    user: {
      modelName: 'users',
      additionalFields: {
        // spec §6: every account has a role, customer by default; never set by the client.
        role: { type: 'string', required: false, input: false, defaultValue: DEFAULT_ACCOUNT_ROLE },
      },
    },
    session: { modelName: 'sessions' },
    account: {
      modelName: 'accounts',
      accountLinking: {
        enabled: true,
        // A Google sign-in joins an existing account with the same e-mail only when the
        // provider asserts email_verified; no provider is trusted without it.
        trustedProviders: [],
        // Our e-mail/password accounts never verify their address (there is no mail step),
        // so requiring a verified local e-mail would refuse every link.
        requireLocalEmailVerified: false,
        allowDifferentEmails: false,
        updateUserInfoOnLink: false,
      },
    },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
    },
    rateLimit: {
      // On in every environment and kept in the database, so it holds across server copies.
      enabled: true,
      storage: 'database',
      modelName: 'rate_limits',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/*': config.authRateLimit,
        '/sign-up/*': config.authRateLimit,
        '/change-password': config.authRateLimit,
      },
    },
    plugins: googlePlugins(config),
    hooks: { before: googleNotConfiguredHook(config) },
    // Failures before the sign-in's own error page is known (a lost or forged state) land on /login.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    advanced: {
      database: { generateId: 'uuid' },
      // better-auth turns its origin and callback-URL checks off when NODE_ENV=test; keep them
      // on so the tests see what production does (no sign-in may return to another site).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await ensureProfile(db, { id: user.id, email: user.email, name: user.name });
          },
        },
      },
    },
    telemetry: { enabled: false },
    // Query parameters (session tokens) stay out of the log; an outage is a warning (a 503).
    logger: { log: authLog },
  });
}

export type Auth = ReturnType<typeof createAuth>;
