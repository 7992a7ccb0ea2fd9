import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { forgotPasswordInput } from '../../../shared/schemas/auth';
import { authApi } from '../../api/auth';
import { FormActions, useSchemaForm } from '../../components/form';
import { paths } from '../../paths';
import { AuthCard } from '../../components/auth-card';

/**
 * 'Forgot password?'. The answer is the same whether or not the address has an
 * account; the e-mailed link (one hour, once) leads to /reset-password.
 */
export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { email: '' },
    schema: () => forgotPasswordInput,
    failed: 'Failed to send the link. Please try again.',
    async submit({ email }) {
      await authApi.requestPasswordReset(email);
      setSentTo(email);
    },
  });

  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      {sentTo ? (
        <Alert color="green" role="status" variant="light">
          {IDENTITY_MESSAGES.resetRequested(sentTo)}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              {...form.field('email')}
            />
            <FormActions submit="Send reset link" busyLabel="Sending..." busy={form.busy} failure={form.failure} grow />
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login()}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
