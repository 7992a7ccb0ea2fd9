import { eq, sql } from 'drizzle-orm';
import { GOOGLE_NOT_LINKED_ERROR, GOOGLE_UNVERIFIED_ACCOUNT_ERROR } from '../../shared/google';
import { IDENTITY_PAGES } from '../../shared/identity';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { describeError } from '../log';
import type { Auth } from './auth';
import { googleRound, type GoogleRound } from './google';
import { claimingAccount } from './identity-mail';

/**
 * `/api/auth/callback/google` (the pre-hijack). better-auth refuses to join a Google
 * sign-in to an account whose own address was never verified (`account_not_linked`): someone
 * may have made it with another person's address. When Google vouches for the address, the
 * person at that address gets a way forward: a link that verifies the address, replaces any
 * password set before and signs every device out (the reset flow, worded as a claim), and the
 * page they return to says so (`?error=unverified_account`).
 */
export async function handleGoogleCallback(auth: Auth, db: Database, request: Request): Promise<Response> {
  const round: GoogleRound = { email: null, emailVerified: false };
  const response = await googleRound.run(round, () => auth.handler(request));
  const location = response.headers.get('location');
  if (!location || !round.email || !round.emailVerified) return response;
  const target = new URL(location, request.url);
  if (target.searchParams.get('error') !== GOOGLE_NOT_LINKED_ERROR) return response;
  const [account] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(sql`lower(${users.email})`, round.email));
  if (!account || account.emailVerified) return response;

  const email = round.email;
  await claimingAccount
    .run(true, () => auth.api.requestPasswordReset({ body: { email, redirectTo: IDENTITY_PAGES.resetPassword } }))
    .catch((error: unknown) => console.warn(`Account claim mail not sent: ${describeError(error)}`));
  target.searchParams.set('error', GOOGLE_UNVERIFIED_ACCOUNT_ERROR);
  target.searchParams.delete('error_description');
  const headers = new Headers(response.headers);
  headers.set('location', target.toString());
  return new Response(response.body, { status: response.status, headers });
}
