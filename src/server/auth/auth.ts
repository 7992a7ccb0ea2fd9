import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_ACCOUNT_ROLE,
  EMAIL_VERIFICATION_HOURS,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_MINUTES,
} from '../../shared/constants';
import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import type { Config } from '../config';
import type { Database } from '../db/client';
import * as schema from '../db/schema';
import { authLog, describeError } from '../log';
import { openMailer, type Mailer } from '../mail/mailer';
import { INVITATION_HEADER } from '../../shared/identity';
import { invitationForSignUp, joinAtSignUp } from './invitation-link';
import { ensureWorkspace } from './personal-workspace';
import { oneLine } from '../../shared/text';
import { ensureProfile } from './profile-row';
import { googleNotConfigured, googlePlugins } from './google';
import { asAuthError, sendResetMail, sendVerificationMail } from './identity-mail';
import { verificationRun } from './verification-run';

/** The header our own server sets to the client's address; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = 'x-rounds-client-ip';

export function createAuth(config: Config, db: Database, mailer: Mailer = openMailer(config)) {
  const mail = { db, mailer };
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
        // provider asserts email_verified and the account's own address was verified: an
        // account someone made with another person's address is never joined.
        trustedProviders: [],
        requireLocalEmailVerified: true,
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
      // 'Forgot password?'. The link works once, for an hour; the new password signs
      // the account out everywhere. The answer is the same whether or not the address has an
      // account, so a failure to send is logged, never answered.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendResetMail(mail, config, user, url).catch((error: unknown) =>
          console.warn(`Password reset mail for user ${user.id} not sent: ${describeError(error)}`),
        );
      },
      // Following the link proved the address. An account whose address was never proven is
      // being claimed from whoever signed up with it: besides every session (above), its feed
      // URLs end (a new one is made when asked for), so the squatter's copy shows nothing more,
      // and the workspaces it owns are marked as made before the claim: the new owner is shown
      // them, with 'Delete this workspace' (modules/workspaces/before-claim.service.ts).
      onPasswordReset: async ({ user }) => {
        await db.transaction(async (tx) => {
          if (!user.emailVerified) {
            await tx.delete(schema.calendarFeeds).where(eq(schema.calendarFeeds.userId, user.id));
            await tx
              .update(schema.workspaceMembers)
              .set({ madeBeforeClaim: true })
              .where(and(eq(schema.workspaceMembers.userId, user.id), eq(schema.workspaceMembers.role, 'owner')));
          }
          await tx.update(schema.users).set({ emailVerified: true }).where(eq(schema.users.id, user.id));
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address; it does not sign anyone in (a link followed on another
      // device, or by someone who did not make the account, gives no session).
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_HOURS * 3600,
      // Only when the address was not verified before: our POST refuses a link used already.
      afterEmailVerification: async () => {
        const run = verificationRun.getStore();
        if (run) run.verified = true;
      },
      sendVerificationEmail: async ({ user, url }, request) => {
        // An account made from an invitation's link is verified already: nothing to send.
        if (user.emailVerified) return;
        try {
          await sendVerificationMail(mail, config, user, url);
        } catch (error) {
          // 'Resend' says why; a sign-up succeeds anyway (the banner offers 'Resend').
          if (request && new URL(request.url).pathname.endsWith('/send-verification-email')) throw asAuthError(error);
          console.warn(`Verification mail for user ${user.id} not sent: ${describeError(error)}`);
        }
      },
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
        '/request-password-reset': config.authRateLimit,
        '/reset-password': config.authRateLimit,
        '/reset-password/*': config.authRateLimit,
        '/send-verification-email': config.authRateLimit,
        '/verify-email': config.authRateLimit,
      },
    },
    plugins: googlePlugins(config),
    hooks: { before: beforeAuthEndpoints(config) },
    // Failures before the sign-in's own error page is known (a lost or forged state) land on /login.
    onAPIError: { errorURL: `${config.publicUrl}/login` },
    advanced: {
      database: { generateId: 'uuid' },
      // better-auth turns its origin and callback-URL checks off when NODE_ENV=test; keep them
      // on so the tests see what production does (no sign-in may return to another site).
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Mail that better-auth sends on the side (the sign-up's verification link, a password
      // reset) goes after the answer: a reset then takes the same time whether or not the
      // address has an account. Our senders catch and log their own failures.
      backgroundTasks: { handler: (task) => void task },
    },
    databaseHooks: {
      user: {
        // A person's name reaches e-mails' From and text: saved as one line (shared/text.ts).
        create: {
          // Sign-up from an invitation's page sends the link's secret along: the address it went
          // to is proven, so the account starts verified (no 'Verify your e-mail' step).
          before: async (user, ctx) => {
            const name = oneLine(user.name ?? '').trim();
            const invitation = await invitationForSignUp(db, invitationToken(ctx), user.email);
            return { data: { ...user, name, ...(invitation ? { emailVerified: true } : {}) } };
          },
          after: async (user, ctx) => {
            await ensureProfile(db, { id: user.id, email: user.email, name: user.name });
            // Made from an invitation, the account joins that business and gets none of its own.
            const token = invitationToken(ctx);
            if (token && user.emailVerified && (await joinAtSignUp(db, user.id, token, user.email))) {
              return;
            }
            await ensureWorkspace(db, { id: user.id, email: user.email, name: user.name });
          },
        },
        update: {
          before: async (user) =>
            typeof user.name === 'string' ? { data: { ...user, name: oneLine(user.name).trim() } } : undefined,
        },
      },
    },
    telemetry: { enabled: false },
    // Query parameters (session tokens) stay out of the log; an outage is a warning (a 503).
    logger: { log: authLog },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The invitation link's secret a sign-up carries, if any (only e-mail sign-up sends one). */
function invitationToken(ctx: { path?: string; headers?: Headers } | null): string | null {
  if (!ctx || ctx.path !== '/sign-up/email') return null;
  return ctx.headers?.get(INVITATION_HEADER) ?? null;
}

/** Our rules in front of better-auth's endpoints. */
const beforeAuthEndpoints = (config: Config) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path === '/sign-in/social') return googleNotConfigured(config, ctx.body);
    // A changed password always signs the account out everywhere else, whatever the client asks.
    if (ctx.path === '/change-password') {
      return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
    }
    // An account whose address is not proven is joined by no other sign-in method.
    if (ctx.path === '/link-social') {
      const session = await getSessionFromCtx(ctx);
      if (session && !session.user.emailVerified) {
        throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: IDENTITY_MESSAGES.verifyFirst });
      }
    }
    return undefined;
  });
