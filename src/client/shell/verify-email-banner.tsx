import { lazy, Suspense } from 'react';
import { useMe } from '../api/session';

const VerifyEmailNotice = lazy(() => import('./verify-email-notice'));

/**
 * Until the account's address is proven, every signed-in page says so, with a way to
 * get a new link ('Resend', limited per account on the server). It sits under the page's
 * heading, so the heading stays where the server-painted frame put it. Its code loads only for
 * an account that needs it: every page stays within its size budget.
 */
export function VerifyEmailBanner() {
  const me = useMe().data;
  if (!me || me.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailNotice email={me.email} />
    </Suspense>
  );
}
