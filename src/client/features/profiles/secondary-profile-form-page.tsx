import { Alert, Button, Card, Group, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { SECONDARY_PROFILE_REDIRECT_MS } from '../../../shared/constants';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { errorMessage } from '../../api/http';
import { useFormValues, validate, type FieldErrors } from '../../lib/form';
import { paths } from '../../paths';
import { useSaveSecondaryProfile, useSecondaryProfile } from '../../api/profiles';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
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
      {profile.isPending ? (
        <DetailSkeleton label="Loading profile" />
      ) : profile.isError ? (
        <ErrorBox>
          {PROFILE_MESSAGES.loadProfileFailed}: {errorMessage(profile.error, 'Unknown error')}
        </ErrorBox>
      ) : (
        <SecondaryProfileForm
          id={id}
          initial={{
            displayName: profile.data.displayName,
            companyName: profile.data.companyName ?? '',
            email: profile.data.email ?? '',
            phone: profile.data.phone ?? '',
          }}
        />
      )}
    </PageShell>
  );
}

/** spec §2 Secondary profile form: create or update, then back to the list after 1 s. */
function SecondaryProfileForm({ id, initial }: { id?: string; initial: Values }) {
  const navigate = useNavigate();
  const save = useSaveSecondaryProfile(id);
  const [values, set] = useFormValues(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(paths.profiles()), SECONDARY_PROFILE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The schema (and zod) loads with the first form sent, not with the page.
    const { secondaryProfileInput } = await import('../../../shared/schemas/profiles');
    const result = validate(secondaryProfileInput, values);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    save.mutate(result.data, { onSuccess: () => setSaved(true) });
  }

  return (
    <Card withBorder radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {saved && (
            <Alert color="green" role="status" variant="light">
              {id ? PROFILE_MESSAGES.profileUpdatedRedirecting : PROFILE_MESSAGES.profileCreatedRedirecting}
            </Alert>
          )}
          {save.isError && <ErrorBox>{errorMessage(save.error, PROFILE_MESSAGES.saveFailed)}</ErrorBox>}
          <TextInput
            label="Display Name"
            withAsterisk
            value={values.displayName}
            onChange={set('displayName')}
            error={errors.displayName}
          />
          <TextInput
            label="Company Name"
            value={values.companyName}
            onChange={set('companyName')}
            error={errors.companyName}
          />
          <TextInput
            label="Email"
            type="email"
            inputMode="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextInput label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
          <Group grow gap="xs">
            <Button component={Link} to={paths.profiles()} variant="default">
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || saved}>
              {save.isPending ? 'Saving...' : id ? 'Update Profile' : 'Create Profile'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
