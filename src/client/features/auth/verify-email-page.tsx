import { Alert, Button } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { paths } from '../../paths';
import { AuthCard } from '../../components/auth-card';

/**
 * Issue 23: where a followed verification link lands. better-auth adds `?error=` when the link
 * could not be used; only our fixed sentences are shown, never words from the address.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const [error] = useState(() => searchParams.get('error'));
  const message =
    error === null
      ? null
      : error === 'TOKEN_EXPIRED'
        ? IDENTITY_MESSAGES.verificationLinkExpired
        : IDENTITY_MESSAGES.verificationLinkInvalid;
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Proving your address keeps your account yours.">
      {message ? (
        <Alert color="red" role="alert" variant="light">
          {message}
        </Alert>
      ) : (
        <Alert color="green" role="status" variant="light">
          {IDENTITY_MESSAGES.verified}
        </Alert>
      )}
      <Button component={Link} to={paths.dashboard()} fullWidth>
        Go to Dashboard
      </Button>
    </AuthCard>
  );
}
