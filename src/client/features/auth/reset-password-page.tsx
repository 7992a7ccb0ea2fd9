import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { resetPasswordInput } from '../../../shared/schemas/auth';
import { authApi } from '../../api/auth';
import { ApiError } from '../../api/http';
import { FormActions, useSchemaForm } from '../../components/form';
import { paths } from '../../paths';
import { AuthCard } from '../../components/auth-card';

/**
 * Where an e-mailed reset link lands (`?token=`, or `?error=` when better-auth found
 * it used or expired). The new password ends every session of the account; then /login says so.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  // better-auth sends ?error= for a link used or expired, and answers INVALID_TOKEN for one made up.
  const [invalid, setInvalid] = useState(!token || searchParams.has('error'));
  const form = useSchemaForm({
    initial: { newPassword: '', confirmPassword: '' },
    schema: () => resetPasswordInput,
    failed: 'Failed to change the password.',
    async submit({ newPassword }) {
      try {
        await authApi.resetPassword({ token: token ?? '', newPassword });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'INVALID_TOKEN') setInvalid(true);
        throw error;
      }
      navigate(paths.loginAfterReset(), { replace: true });
    },
  });

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {invalid ? (
        <>
          <Alert color="red" role="alert" variant="light">
            {IDENTITY_MESSAGES.resetLinkInvalid}
          </Alert>
          <Button component={Link} to={paths.forgotPassword()} fullWidth>
            Ask for a new link
          </Button>
        </>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <Stack gap="sm">
            <PasswordInput label="New password" autoComplete="new-password" required {...form.field('newPassword')} />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              required
              {...form.field('confirmPassword')}
            />
            <FormActions submit="Set new password" busy={form.busy} failure={form.failure} grow />
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login()}>
          Back to sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
