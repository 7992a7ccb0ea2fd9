import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { IDENTITY_PAGES } from '../../../shared/identity';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/http';
import { paths } from '../../paths';
import { AuthCard } from '../../components/auth-card';

/**
 * Where a followed verification link lands. better-auth adds `?error=` when the link
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

/**
 * /verify-email/{token}: where the e-mailed link opens. Its one button proves the address (a POST),
 * so a mail scanner or a link preview that opens the page proves nothing. Then, as before, the
 * person lands on /verify-email (with `?error=` when the link could not be used).
 */
export function VerifyEmailLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = async () => {
    setVerifying(true);
    setFailure(null);
    try {
      const { next } = await authApi.verifyEmail(token);
      await navigate(next, { replace: true });
    } catch (error) {
      setVerifying(false);
      // The server refused the link (400): the page says why, as for better-auth's `?error=`.
      if (error instanceof ApiError && error.status === 400) {
        const code = error.message === IDENTITY_MESSAGES.verificationLinkExpired ? 'TOKEN_EXPIRED' : 'INVALID_TOKEN';
        await navigate(`${IDENTITY_PAGES.verifyEmail}?error=${code}`, { replace: true });
        return;
      }
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Proving your address keeps your account yours.">
      <Text>Press the button to verify the address this link was sent to.</Text>
      {failure ? (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      ) : null}
      <Button fullWidth loading={verifying} onClick={() => void verify()}>
        Verify my e-mail
      </Button>
    </AuthCard>
  );
}
