import { Hono } from 'hono';
import { APIError } from 'better-auth/api';
import { IDENTITY_PAGES } from '../../shared/identity';
import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import { AppError } from '../errors';
import type { AppEnv } from '../types';
import { verificationRun } from './verification-run';

// The e-mailed verification link opens a page of ours (/verify-email/{token}); its one button,
// 'Verify my e-mail', posts the token here. A mail scanner or a link preview that opens the link
// only loads that page, so it never proves the address on the person's behalf.

/**
 * `POST /api/verify-email/{token}`: proves the address the token names (no session needed, none
 * given) and answers where to go, `{ next: '/verify-email' }`. 400 with the page's sentence when
 * the link has expired, is not valid, or was used already.
 */
export const verifyEmailRoutes = new Hono<AppEnv>().post('/:token', async (c) => {
  c.header('Cache-Control', 'no-store');
  const run = { verified: false };
  try {
    await verificationRun.run(run, () => c.var.auth.api.verifyEmail({ query: { token: c.req.param('token') } }));
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const expired = (error.body as { code?: string } | undefined)?.code === 'TOKEN_EXPIRED';
    throw new AppError(
      'BAD_REQUEST',
      expired ? IDENTITY_MESSAGES.verificationLinkExpired : IDENTITY_MESSAGES.verificationLinkInvalid,
    );
  }
  if (!run.verified) throw new AppError('BAD_REQUEST', IDENTITY_MESSAGES.verificationLinkInvalid);
  return c.json({ next: IDENTITY_PAGES.verifyEmail });
});
