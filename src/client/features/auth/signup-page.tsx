import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-messages';
import { authApi } from '../../api/auth';
import { FormActions, useSchemaForm } from '../../components/form';
import { Notice } from '../../components/notice';
import { paths } from '../../paths';
import { AuthCard } from '../../components/auth-card';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { refreshSessionAfterSignIn } from './refresh-session';
import { GoogleButton, googleFailureFromUrl } from './google-button';

export function SignupPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // A failed Google round trip comes back here with ?error=; show it once and tidy the address.
  const [googleFailure, setGoogleFailure] = useState<string | null>(() =>
    googleFailureFromUrl('sign-up', searchParams),
  );
  useEffect(() => {
    if (searchParams.has('error')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  // The server's own checks (a common password) name their field: the hook shows them there.
  const form = useSchemaForm({
    initial: { email: '', password: '', confirmPassword: '' },
    schema: () => loadAuthSchemas().then((m) => m.signUpInput),
    failed: AUTH_MESSAGES.signUpFailed,
    async submit(data) {
      setGoogleFailure(null);
      await authApi.signUp({ email: data.email, password: data.password });
      await refreshSessionAfterSignIn();
      navigate(paths.dashboard(), { replace: true });
    },
  });

  return (
    <AuthCard title="Create account" subtitle="Sign up to manage properties, visits and invoices.">
      {googleFailure && (
        <Notice color="red" role="alert">
          {googleFailure}
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
          <PasswordInput label="Password" autoComplete="new-password" required {...form.field('password')} />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.field('confirmPassword')}
          />
          <FormActions
            submit="Create account"
            busyLabel="Creating account..."
            busy={form.busy}
            failure={form.failure}
            grow
          />
        </Stack>
      </form>
      {/* A plain 'or' rather than Mantine's Divider: the sign-in pages' script budget is tight. */}
      <Text size="sm" c="dimmed" ta="center" role="separator" aria-label="or">
        or
      </Text>
      <GoogleButton
        intent="sign-up"
        onStart={() => {
          setGoogleFailure(null);
          form.setFailure(null);
        }}
        onFailure={setGoogleFailure}
      />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login()}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
