import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-messages';
import { LOGIN_AFTER_RESET } from '../../../shared/identity';
import { ApiError } from '../../api/http';
import { authApi } from '../../api/auth';
import { validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { refreshSessionAfterSignIn } from './refresh-session';
import { GoogleButton, googleFailureFromUrl } from './google-button';

export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [searchParams, setSearchParams] = useSearchParams();
  // A failed Google round trip comes back here with ?error=; show it once and tidy the address.
  const [failure, setFailure] = useState<string | null>(() => googleFailureFromUrl('sign-in', searchParams));
  // Issue 23: back from /reset-password; a fixed text, never words from the address.
  const [passwordChanged] = useState(() => searchParams.get('reset') === LOGIN_AFTER_RESET);
  useEffect(() => {
    if (searchParams.has('error') || searchParams.has('reset')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { signInInput } = await loadAuthSchemas();
    const result = validate(signInInput, { email, password });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      await authApi.signIn(result.data);
      const me = await refreshSessionAfterSignIn();
      // Issue 17: a field worker (provider) starts on /today; everyone else on the dashboard.
      navigate(me?.isProvider ? paths.today() : paths.dashboard(), { replace: true });
    } catch (error) {
      setFailure(signInFailureMessage(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to see today's visits.">
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      )}
      {passwordChanged && !failure && (
        <Alert color="green" role="status" variant="light">
          {AUTH_MESSAGES.passwordChanged}
        </Alert>
      )}
      <form onSubmit={onSubmit} onFocus={preloadAuthSchemas} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
          />
          <Anchor component={Link} to={paths.forgotPassword()} size="sm" style={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Anchor>
          <Button type="submit" loading={false} disabled={busy} fullWidth>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleButton intent="sign-in" onStart={() => setFailure(null)} onFailure={setFailure} />
      <Text size="sm" ta="center">
        No account yet?{' '}
        <Anchor component={Link} to={paths.signup()}>
          Create one
        </Anchor>
      </Text>
    </AuthCard>
  );
}

/** spec §8: the service's message, except that wrong credentials get the spec's own words. */
function signInFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'INVALID_EMAIL_OR_PASSWORD' && error.status !== 401) {
    return error.message;
  }
  return AUTH_MESSAGES.signInFailed;
}
