import { Alert, Button, Modal, PasswordInput, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { ApiError, errorMessage } from '../../api/http';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { useChangePassword, useSetPassword } from '../../api/profiles';
import { ErrorBox } from '../../components/error-box';

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
      <Modal
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
      </Modal>
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
  const mutation = hasPassword ? change : setFirst;
  const [values, set] = useFormValues(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The schemas (and zod) load with the first form sent, not with the page.
    const { changePasswordInput, setPasswordInput } = await import('../../../shared/schemas/profiles');
    if (hasPassword) {
      const result = validate(changePasswordInput, values);
      setErrors(result.ok ? {} : result.errors);
      if (!result.ok) return;
      change.mutate(
        { currentPassword: result.data.currentPassword, newPassword: result.data.newPassword },
        { onSuccess: () => onDone(PROFILE_MESSAGES.passwordChanged) },
      );
    } else {
      const result = validate(setPasswordInput, values);
      setErrors(result.ok ? {} : result.errors);
      if (!result.ok) return;
      setFirst.mutate(
        { newPassword: result.data.newPassword },
        { onSuccess: () => onDone(PROFILE_MESSAGES.passwordSet) },
      );
    }
  }

  const failure =
    mutation.error instanceof ApiError && mutation.error.code === 'INVALID_PASSWORD'
      ? PROFILE_MESSAGES.currentPasswordWrong
      : errorMessage(mutation.error, 'Failed to change password');

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {mutation.isError && <ErrorBox>{failure}</ErrorBox>}
        {hasPassword && (
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={set('currentPassword')}
            error={errors.currentPassword}
            data-autofocus
          />
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <Button type="submit" disabled={mutation.isPending} fullWidth>
          {mutation.isPending ? 'Saving...' : hasPassword ? 'Change Password' : 'Set Password'}
        </Button>
        <Button variant="default" onClick={onCancel} fullWidth>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
