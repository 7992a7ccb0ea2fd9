import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useState } from 'react';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { ApiError, errorMessage } from '../../api/http';
import { useChangePassword, useSetPassword } from '../../api/profiles';
import { FormActions, useSchemaForm } from '../../components/form';
import { Dialog } from '../../components/overlays';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 'Change Password' (spec §2 Account Settings). Accounts with a password give the current
 * one and other sessions are signed out; accounts made through Google set a first one.
 */
export function ChangePasswordButton({ hasPassword }: { hasPassword: boolean }) {
  const [opened, setOpened] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  return (
    <>
      {done && (
        <Alert color="green" role="status" variant="light">
          {done}
        </Alert>
      )}
      <Button
        variant="light"
        onClick={() => {
          setDone(null);
          setOpened(true);
        }}
      >
        {hasPassword ? 'Change Password' : 'Set Password'}
      </Button>
      <Dialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={hasPassword ? 'Change Password' : 'Set Password'}
        fullScreen={false}
        centered
      >
        {opened && (
          <PasswordForm
            hasPassword={hasPassword}
            onCancel={() => setOpened(false)}
            onDone={(message) => {
              setOpened(false);
              setDone(message);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function PasswordForm({
  hasPassword,
  onCancel,
  onDone,
}: {
  hasPassword: boolean;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const change = useChangePassword();
  const setFirst = useSetPassword();
  const form = useSchemaForm({
    initial: EMPTY,
    // The schemas (and zod) load with the first form sent, not with the page.
    schema: () =>
      import('../../../shared/schemas/profiles').then((m) =>
        hasPassword ? m.changePasswordInput : m.setPasswordInput,
      ),
    failed: 'Failed to change password',
    describeFailure: (error) =>
      error instanceof ApiError && error.code === 'INVALID_PASSWORD'
        ? PROFILE_MESSAGES.currentPasswordWrong
        : errorMessage(error, 'Failed to change password'),
    async submit(_data, values) {
      if (hasPassword) {
        await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
        onDone(PROFILE_MESSAGES.passwordChanged);
      } else {
        await setFirst.mutateAsync({ newPassword: values.newPassword });
        onDone(PROFILE_MESSAGES.passwordSet);
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm">
        {hasPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...form.field('currentPassword')}
            data-autofocus
          />
        )}
        <PasswordInput label="New password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordInput label="Confirm new password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <FormActions
          submit={hasPassword ? 'Change Password' : 'Set Password'}
          busy={form.busy}
          failure={form.failure}
          cancel={onCancel}
          grow
        />
      </Stack>
    </form>
  );
}
