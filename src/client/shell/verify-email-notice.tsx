import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import { authApi } from '../api/auth';
import { errorMessage } from '../api/http';

/** The banner of `VerifyEmailBanner` (verify-email-banner.tsx): loaded only for an unverified account. */
export default function VerifyEmailNotice({ email }: { email: string }) {
  const [state, setState] = useState<{ busy: boolean; sent: boolean; error: string | null }>({
    busy: false,
    sent: false,
    error: null,
  });

  async function resend() {
    setState({ busy: true, sent: false, error: null });
    try {
      await authApi.sendVerificationEmail(email);
      setState({ busy: false, sent: true, error: null });
    } catch (error) {
      setState({ busy: false, sent: false, error: errorMessage(error, 'Failed to send the link. Please try again.') });
    }
  }

  return (
    <Alert color="yellow" variant="light" mb="md" aria-label="E-mail address not verified">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {IDENTITY_MESSAGES.checkInbox(email)}
        </Text>
        <Button size="sm" variant="outline" disabled={state.busy} onClick={() => void resend()}>
          {state.busy ? 'Sending...' : 'Resend'}
        </Button>
      </Group>
      {state.sent && (
        <Text size="sm" role="status" mt="xs">
          {IDENTITY_MESSAGES.verificationSent}
        </Text>
      )}
      {state.error && (
        <Text size="sm" role="alert" c="red.9" mt="xs">
          {state.error}
        </Text>
      )}
    </Alert>
  );
}
