import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { IDENTITY_MESSAGES } from '../../../shared/messages/identity';
import { forgotPasswordInput } from '../../../shared/schemas/auth';
import { authApi } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { AuthCard } from './auth-card';

/**
 * Issue 23: 'Forgot password?'. The answer is the same whether or not the address has an
 * account; the e-mailed link (one hour, once) leads to /reset-password.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const result = validate(forgotPasswordInput, { email });
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    setBusy(true);
    try {
      await authApi.requestPasswordReset(result.data.email);
      setSentTo(result.data.email);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to send the link. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a link to choose a new password.">
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      )}
      {sentTo ? (
        <Alert color="green" role="status" variant="light">
          {IDENTITY_MESSAGES.resetRequested(sentTo)}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
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
            <Button type="submit" disabled={busy} fullWidth>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
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
