import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { PROFILE_RELOAD_MS } from '../../../shared/constants';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { errorMessage } from '../../api/http';
import { useMe } from '../../api/session';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { useUpdateProfile } from '../../api/profiles';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { PageShell } from '../../shell/page-shell';
import { CalendarFeedSection } from './calendar-feed-section';
import { ChangePasswordButton } from './change-password';

/** spec §2 My Profile: e-mail read-only; display name, company and phone editable. */
export function MyProfilePage() {
  const me = useMe();
  const title = 'My Profile';
  const crumbs = [{ label: title }];
  if (me.isPending || me.isError || !me.data) {
    return (
      <PageShell title={title} crumbs={crumbs}>
        {me.isPending ? (
          <DetailSkeleton label="Loading profile" />
        ) : (
          <ErrorBox error={me.error} fallback="Not authenticated" />
        )}
      </PageShell>
    );
  }
  const { profile } = me.data;
  return (
    <PageShell title={title} crumbs={crumbs}>
      <Stack gap="md">
        <ProfileForm
          email={me.data.email}
          initial={{
            displayName: profile.displayName ?? '',
            companyName: profile.companyName ?? '',
            phone: profile.phone ?? '',
          }}
        />
        <Card withBorder radius="md" component="section" aria-labelledby="account-settings-heading">
          <Stack gap="sm" align="flex-start">
            <Title order={2} size="h4" id="account-settings-heading">
              Account Settings
            </Title>
            <Text size="sm" data-testid="account-role">
              Account role: {me.data.role}
            </Text>
            <Text size="sm" c="dimmed">
              {me.data.hasPassword
                ? 'Change the password you sign in with. Your other devices will be signed out.'
                : 'You sign in with Google. Set a password to also sign in with your e-mail.'}
            </Text>
            <ChangePasswordButton hasPassword={me.data.hasPassword} />
          </Stack>
        </Card>
        {/* spec §2: the photos and notes of this profile (attachable type 'profile'). */}
        <CalendarFeedSection />
        <PhotoPanel attachableType="profile" attachableId={profile.id} />
        <NotesPanel attachableType="profile" attachableId={profile.id} />
      </Stack>
    </PageShell>
  );
}

type Values = { displayName: string; companyName: string; phone: string };

function ProfileForm({ email, initial }: { email: string; initial: Values }) {
  const update = useUpdateProfile();
  const [values, set] = useFormValues(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  // spec §4: after a successful save the page reloads after 1 s.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => window.location.reload(), PROFILE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The schema (and zod) loads with the first form sent, not with the page.
    const { updateProfileInput } = await import('../../../shared/schemas/profiles');
    const result = validate(updateProfileInput, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    update.mutate(result.data, { onSuccess: () => setSaved(true) });
  }

  return (
    <Card withBorder radius="md" component="section" aria-label="Profile">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {PROFILE_MESSAGES.profileUpdated}
            </Alert>
          )}
          {update.isError && <ErrorBox>{errorMessage(update.error, PROFILE_MESSAGES.saveFailed)}</ErrorBox>}
          <TextInput label="Email" value={email} readOnly variant="filled" description="Your sign-in e-mail" />
          <TextInput
            label="Display Name"
            autoComplete="name"
            value={values.displayName}
            onChange={set('displayName')}
            error={errors.displayName}
          />
          <TextInput
            label="Company Name"
            autoComplete="organization"
            value={values.companyName}
            onChange={set('companyName')}
            error={errors.companyName}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <Button type="submit" disabled={update.isPending || saved} fullWidth>
            {update.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
