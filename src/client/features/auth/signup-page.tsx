import { Alert, Anchor, Button, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '../../../shared/auth-messages';
import { ApiError, errorMessage } from '../../api/http';
import { authApi } from '../../api/auth';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';
import { loadAuthSchemas, preloadAuthSchemas } from './auth-schemas';
import { refreshSessionAfterSignIn } from './refresh-session';
import { GoogleButton, googleFailureFromUrl } from './google-button';

export function SignupPage() {
  const navigate = useNavigate();
  const [values, set] = useFormValues({ email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [searchParams, setSearchParams] = useSearchParams();
  // A failed Google round trip comes back here with ?error=; show it once and tidy the address.
  const [failure, setFailure] = useState<string | null>(() => googleFailureFromUrl('sign-up', searchParams));
  useEffect(() => {
    if (searchParams.has('error')) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const { signUpInput } = await loadAuthSchemas();
    const result = validate(signUpInput, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      await authApi.signUp({ email: result.data.email, password: result.data.password });
      await refreshSessionAfterSignIn();
      navigate(paths.dashboard(), { replace: true });
    } catch (error) {
      // The server's own checks (a common password, issue 23) name their field.
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setFailure(errorMessage(error, AUTH_MESSAGES.signUpFailed));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create account" subtitle="Sign up to manage properties, visits and invoices.">
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
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
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
          />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? 'Creating account...' : 'Create account'}
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <GoogleButton intent="sign-up" onStart={() => setFailure(null)} onFailure={setFailure} />
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login()}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
