import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { resetPasswordInput } from '../../../shared/schemas/auth';
import { authApi } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/http';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';

/**
 * Issue 23: where an e-mailed reset link lands (`?token=`, or `?error=` when better-auth found
 * it used or expired). The new password ends every session of the account; then /login says so.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [values, set] = useFormValues({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(
    token && !searchParams.has('error') ? null : IDENTITY_MESSAGES.resetLinkInvalid,
  );
  const [busy, setBusy] = useState(false);
  const usable = Boolean(token) && failure !== IDENTITY_MESSAGES.resetLinkInvalid;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = validate(resetPasswordInput, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok || !token) return;
    setBusy(true);
    try {
      await authApi.resetPassword({ token, newPassword: result.data.newPassword });
      navigate(paths.loginAfterReset(), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      // better-auth answers INVALID_TOKEN for a link used, expired or made up.
      const invalid = error instanceof ApiError && error.code === 'INVALID_TOKEN';
      setFailure(invalid ? IDENTITY_MESSAGES.resetLinkInvalid : errorMessage(error, 'Failed to change the password.'));
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      )}
      {usable ? (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              required
              value={values.newPassword}
              onChange={set('newPassword')}
              error={errors.newPassword}
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
              {busy ? 'Saving...' : 'Set new password'}
            </Button>
          </Stack>
        </form>
      ) : (
        <Button component={Link} to={paths.forgotPassword()} fullWidth>
          Ask for a new link
        </Button>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login()}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
