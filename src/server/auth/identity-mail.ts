import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError } from 'better-auth/api';
import { EMAIL_VERIFICATION_HOURS } from '../../shared/constants';
import { IDENTITY_PAGES } from '../../shared/identity';
import type { Config } from '../config';
import { AppError } from '../errors';
import { sendToAccount, type MailDeps } from '../mail/outgoing';

// The e-mails that prove an address (verification) and give an account back (reset,
// and the claim of an account whose address was never proven). better-auth makes the tokens
// and the links; these write and send the messages, to the account's own address only.

type Account = { id: string; email: string };

/**
 * Set while a Google sign-in met an unverified account with its address (auth/google.ts): the
 * reset link then goes out as a claim of that account, with its own words.
 */
export const claimingAccount = new AsyncLocalStorage<true>();

/**
 * The verification e-mail: one link, valid 24 hours, to our page /verify-email/{token}, whose
 * button proves the address (opening the link alone, as a mail scanner does, proves nothing).
 */
export async function sendVerificationMail(deps: MailDeps, config: Config, account: Account, url: string) {
  const link = `${config.publicUrl}${verifyEmailPageOf(url)}`;
  await sendToAccount(deps, account, 'verification', {
    subject: 'Verify your e-mail address for Rounds',
    text: [
      `Follow this link to verify ${account.email} for your Rounds account:`,
      '',
      link,
      '',
      `The link works once, for ${EMAIL_VERIFICATION_HOURS} hours. Until then you can work in your own`,
      'records, but not accept invitations or send e-mail to anyone.',
      '',
      'If you did not create a Rounds account, do not follow the link: ignore this e-mail.',
    ].join('\n'),
  });
}

/** The reset e-mail, or the claim e-mail when a Google sign-in asked for it; both lead to /reset-password. */
export async function sendResetMail(deps: MailDeps, config: Config, account: Account, url: string) {
  const link = withCallback(url, 'callbackURL', `${config.publicUrl}${IDENTITY_PAGES.resetPassword}`);
  if (claimingAccount.getStore()) {
    await sendToAccount(deps, account, 'account_claim', {
      subject: 'Confirm your Rounds account',
      text: [
        `Someone, probably you, tried to sign in to Rounds with Google as ${account.email}.`,
        'An account with this address already exists, but its address was never verified, so',
        'Google was not let into it.',
        '',
        'If this is your address, follow the link within an hour to verify it and choose a password:',
        '',
        link,
        '',
        'Any password set before stops working, and every device signed in to the account is',
        "signed out. After that, 'Sign in with Google' works too.",
        '',
        'If you did not try to sign in, ignore this e-mail.',
      ].join('\n'),
    });
    return;
  }
  await sendToAccount(deps, account, 'password_reset', {
    subject: 'Reset your Rounds password',
    text: [
      `Someone asked to reset the password of the Rounds account ${account.email}.`,
      '',
      'Follow this link within an hour to choose a new password. It works once:',
      '',
      link,
      '',
      'Choosing a new password signs the account out on every device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  });
}

/** better-auth's link with our own page as where it lands, whatever the request asked for. */
function withCallback(url: string, name: string, target: string): string {
  const link = new URL(url);
  link.searchParams.set(name, target);
  return link.toString();
}

/**
 * better-auth calls our senders inside its endpoints: our 429 becomes its APIError, so the
 * person sees 'You have sent too many e-mails…' and nothing is logged as a failure.
 */
export function asAuthError(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
    return new APIError('TOO_MANY_REQUESTS', { code: 'TOO_MANY_EMAILS', message: error.message });
  }
  return error;
}

/**
 * better-auth's own `GET /api/auth/verify-email?token=…` (the link e-mails carried before) only
 * leads to the page: opening a link never proves an address.
 */
export function verifyEmailPageOf(url: string): string {
  const token = new URL(url).searchParams.get('token') ?? '';
  return `${IDENTITY_PAGES.verifyEmail}/${encodeURIComponent(token)}`;
}
