import { Alert, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { PROFILE_RELOAD_MS } from '../../../shared/constants';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { useMe, type Me } from '../../api/session';
import { FormActions, useSchemaForm } from '../../components/form';
import { useUpdateProfile } from '../../api/profiles';
import { DetailFrame } from '../../components/page-frames';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { ErrorBox } from '../../components/error-box';
import { MyRoleBadges } from '../../components/role-badge';
import { PageShell } from '../../shell/page-shell';
import { CalendarFeedSection } from './calendar-feed-section';
import { ChangePasswordButton } from './change-password';

/** spec §2 My Profile: e-mail read-only; display name, company and phone editable. */
export function MyProfilePage() {
  const me = useMe();
  const title = 'My Profile';
  const crumbs = [{ label: title }];
  return (
    <PageShell title={title} crumbs={crumbs}>
      <DetailFrame query={me} loading="Loading profile" notFound="Not authenticated">
        {(account) => (account ? <Profile account={account} /> : <ErrorBox>Not authenticated</ErrorBox>)}
      </DetailFrame>
    </PageShell>
  );
}

function Profile({ account }: { account: Me }) {
  const { profile } = account;
  return (
    <Stack gap="md">
      <ProfileForm
        email={account.email}
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
          {account.workspace && (
            <Group gap="xs" data-testid="workspace-role">
              <Text size="sm">Your role in {account.workspace.name}:</Text>
              <MyRoleBadges me={account} />
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {account.hasPassword
              ? 'Change the password you sign in with. Your other devices will be signed out.'
              : 'You sign in with Google. Set a password to also sign in with your e-mail.'}
          </Text>
          <ChangePasswordButton hasPassword={account.hasPassword} />
        </Stack>
      </Card>
      {/* spec §2: the photos and notes of this profile (attachable type 'profile'). */}
      <CalendarFeedSection />
      <PhotoPanel attachableType="profile" attachableId={profile.id} />
      <NotesPanel attachableType="profile" attachableId={profile.id} />
    </Stack>
  );
}

type Values = { displayName: string; companyName: string; phone: string };

function ProfileForm({ email, initial }: { email: string; initial: Values }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    initial,
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/profiles').then((m) => m.updateProfileInput),
    failed: PROFILE_MESSAGES.saveFailed,
    async submit(data) {
      await update.mutateAsync(data);
      setSaved(true);
    },
  });

  // spec §4: after a successful save the page reloads after 1 s.
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => window.location.reload(), PROFILE_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <Card withBorder radius="md" component="section" aria-label="Profile">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {PROFILE_MESSAGES.profileUpdated}
            </Alert>
          )}
          <TextInput label="Email" value={email} readOnly variant="filled" description="Your sign-in e-mail" />
          <TextInput label="Display Name" autoComplete="name" {...form.field('displayName')} />
          <TextInput label="Company Name" autoComplete="organization" {...form.field('companyName')} />
          <TextInput label="Phone" type="tel" autoComplete="tel" {...form.field('phone')} />
          <FormActions submit="Save Profile" busy={form.busy} done={saved} failure={form.failure} />
        </Stack>
      </form>
    </Card>
  );
}
