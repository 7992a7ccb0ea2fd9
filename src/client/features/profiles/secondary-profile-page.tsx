import { Card, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { useDeleteSecondaryProfile, useSecondaryProfile } from '../../api/profiles';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { Facts } from '../../components/facts';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

/** /resources/profiles/{id}: one secondary profile with its photos and notes (spec §2 link target). */
export function SecondaryProfilePage() {
  const { id = '' } = useParams();
  const profile = useSecondaryProfile(id);
  const remove = useDeleteSecondaryProfile();
  const navigate = useNavigate();
  const name = profile.data?.displayName ?? 'Profile';

  return (
    <PageShell
      title={name}
      crumbs={[{ label: 'Profiles', to: paths.profiles() }, { label: name }]}
      actions={
        profile.data && (
          <DetailActions
            edit={paths.editProfile(id)}
            remove={{
              title: 'Delete Secondary Profile',
              question: 'Are you sure you want to delete this profile? This action cannot be undone.',
              onConfirm: async () => {
                await remove.mutateAsync(id);
                navigate(paths.profiles(), { replace: true });
              },
              describeError: () => PROFILE_MESSAGES.deleteFailed,
            }}
          />
        )
      }
    >
      <DetailFrame query={profile} loading="Loading profile" notFound={PROFILE_MESSAGES.loadProfileFailed}>
        {(profile) => (
          <Stack gap="lg">
            <Card withBorder padding="md">
              <Facts
                facts={[
                  ['Display Name', profile.displayName],
                  ['Company Name', profile.companyName ?? '—'],
                  ['Email', profile.email ?? '—'],
                  ['Phone', profile.phone ?? '—'],
                ]}
              />
            </Card>
            <PhotoPanel attachableType="secondary_profile" attachableId={id} />
            <NotesPanel attachableType="secondary_profile" attachableId={id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}
