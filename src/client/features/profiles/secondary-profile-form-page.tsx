import { Alert, Card, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { SECONDARY_PROFILE_REDIRECT_MS } from '../../../shared/constants';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { useSaveSecondaryProfile, useSecondaryProfile } from '../../api/profiles';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { PageShell } from '../../shell/page-shell';

type Values = { displayName: string; companyName: string; email: string; phone: string };
const EMPTY: Values = { displayName: '', companyName: '', email: '', phone: '' };

export function NewSecondaryProfilePage() {
  return (
    <PageShell title="Create New Profile" crumbs={[{ label: 'Profiles', to: paths.profiles() }, { label: 'New' }]}>
      <SecondaryProfileForm initial={EMPTY} />
    </PageShell>
  );
}

export function EditSecondaryProfilePage() {
  const { id = '' } = useParams();
  const profile = useSecondaryProfile(id);
  return (
    <PageShell title="Edit Profile" crumbs={[{ label: 'Profiles', to: paths.profiles() }, { label: 'Edit' }]}>
      <EditFrame
        query={profile}
        loading="Loading profile"
        describeError={(error) => `${PROFILE_MESSAGES.loadProfileFailed}: ${errorMessage(error, 'Unknown error')}`}
      >
        {(data) =>
          data && (
            <SecondaryProfileForm
              id={id}
              initial={{
                displayName: data.displayName,
                companyName: data.companyName ?? '',
                email: data.email ?? '',
                phone: data.phone ?? '',
              }}
            />
          )
        }
      </EditFrame>
    </PageShell>
  );
}

/** spec §2 Secondary profile form: create or update, then back to the list after 1 s. */
function SecondaryProfileForm({ id, initial }: { id?: string; initial: Values }) {
  const navigate = useNavigate();
  const save = useSaveSecondaryProfile(id);
  const [saved, setSaved] = useState(false);
  const form = useSchemaForm({
    initial,
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/profiles').then((m) => m.secondaryProfileInput),
    failed: PROFILE_MESSAGES.saveFailed,
    async submit(data) {
      await save.mutateAsync(data);
      setSaved(true);
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.profiles()), SECONDARY_PROFILE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  return (
    <Card withBorder radius="md">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {id ? PROFILE_MESSAGES.profileUpdatedRedirecting : PROFILE_MESSAGES.profileCreatedRedirecting}
            </Alert>
          )}
          <TextInput label="Display Name" withAsterisk {...form.field('displayName')} />
          <TextInput label="Company Name" {...form.field('companyName')} />
          <TextInput label="Email" type="email" inputMode="email" {...form.field('email')} />
          <TextInput label="Phone" type="tel" {...form.field('phone')} />
          <FormActions
            submit={id ? 'Update Profile' : 'Create Profile'}
            busy={form.busy}
            done={saved}
            failure={form.failure}
            cancel={paths.profiles()}
          />
        </Stack>
      </form>
    </Card>
  );
}
