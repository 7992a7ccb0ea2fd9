import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-messages';
import { LOGIN_AFTER_RESET } from '../../../shared/identity';
import { ApiError } from '../../api/http';
import { authApi } from '../../api/auth';
import { FormActions, useSchemaForm } from '../../components/form';
import { Notice } from '../../components/notice';
import { landingPath, paths, safeNext } from '../../paths';
import { AuthCard } from '../../components/auth-card';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { refreshSessionAfterSignIn } from './refresh-session';
import { GoogleButton, googleFailureFromUrl } from './google-button';

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // A failed Google round trip comes back here with ?error=; show it once and tidy the address.
  const [googleFailure, setGoogleFailure] = useState<string | null>(() =>
    googleFailureFromUrl('sign-in', searchParams),
  );
  // Back from /reset-password; a fixed text, never words from the address.
  const [passwordChanged] = useState(() => searchParams.get('reset') === LOGIN_AFTER_RESET);
  // From an invitation's page ('Sign in'): back there once signed in, to accept it.
  const [next] = useState(() => safeNext(searchParams.get('next')));
  useEffect(() => {
    if (searchParams.has('error') || searchParams.has('reset')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const form = useSchemaForm({
    initial: { email: '', password: '' },
    schema: () => loadAuthSchemas().then((m) => m.signInInput),
    failed: AUTH_MESSAGES.signInFailed,
    describeFailure: signInFailureMessage,
    async submit(data) {
      setGoogleFailure(null);
      await authApi.signIn(data);
      const me = await refreshSessionAfterSignIn();
      // Technicians (and the spec's field workers) start on Today; owners and managers on the dashboard.
      navigate(next ?? landingPath(me), { replace: true });
    },
  });
  const failure = googleFailure ?? form.failure;

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to see today's visits.">
      {googleFailure && (
        <Notice color="red" role="alert">
          {googleFailure}
        </Notice>
      )}
      {passwordChanged && !failure && (
        <Notice color="green" role="status">
          {AUTH_MESSAGES.passwordChanged}
        </Notice>
      )}
      <form onSubmit={form.onSubmit} onFocus={preloadAuthSchemas} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.field('email')}
          />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.field('password')} />
          <Anchor component={Link} to={paths.forgotPassword()} size="sm" style={{ alignSelf: 'flex-start' }}>
            Forgot password?
          </Anchor>
          <FormActions submit="Sign in" busyLabel="Signing in..." busy={form.busy} failure={form.failure} grow />
        </Stack>
      </form>
      {/* A plain 'or' rather than Mantine's Divider: the sign-in pages' script budget is tight. */}
      <Text size="sm" c="dimmed" ta="center" role="separator" aria-label="or">
        or
      </Text>
      <GoogleButton
        intent="sign-in"
        onStart={() => {
          setGoogleFailure(null);
          form.setFailure(null);
        }}
        onFailure={setGoogleFailure}
      />
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
