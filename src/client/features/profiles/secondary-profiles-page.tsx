import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PROFILE_MESSAGES } from '../../../shared/messages/profiles';
import { errorMessage } from '../../api/http';
import { useDeleteSecondaryProfile, useSecondaryProfiles } from '../../api/profiles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListFrame } from '../../components/page-frames';
import { EmailAddress, wholeText } from '../../components/whole-text';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import type { ItemOf } from '../../api/contract';

type SecondaryProfile = ItemOf<'/secondary-profiles'>;

/** spec §2 Secondary profiles: the list, with a confirmed delete. */
export function SecondaryProfilesPage() {
  const [page, setPage] = useState(1);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const profiles = useSecondaryProfiles({ limit: DEFAULT_PAGE_SIZE, offset });
  const remove = useDeleteSecondaryProfile();
  const [toDelete, setToDelete] = useState<SecondaryProfile | null>(null);

  return (
    <PageShell
      title="Secondary Profiles"
      crumbs={[{ label: 'Profiles' }]}
      actions={
        <Button component={Link} to={paths.newProfile()}>
          Create New Profile
        </Button>
      }
    >
      <Stack gap="md">
        <Text c="dimmed">Manage additional profiles for different contexts or roles.</Text>
        <ListFrame
          query={profiles}
          loading="Loading profiles"
          failed={PROFILE_MESSAGES.loadProfilesFailed}
          describeError={(error) => `${PROFILE_MESSAGES.loadProfilesFailed}: ${errorMessage(error, 'Unknown error')}`}
          empty={
            <Card withBorder radius="md" padding="xl">
              <Stack align="center" gap="sm">
                <Text fw={600}>No secondary profiles yet</Text>
                <Button component={Link} to={paths.newProfile()} variant="light">
                  Create your first secondary profile
                </Button>
              </Stack>
            </Card>
          }
          pages={{ offset, pageSize: DEFAULT_PAGE_SIZE, onPage: setPage, noun: 'profiles' }}
        >
          {(items) => (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Secondary profiles">
              {items.map((profile) => (
                <ProfileCard key={profile.id} profile={profile} onDelete={() => setToDelete(profile)} />
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete Secondary Profile"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          const onlyOneOnPage = profiles.data?.items.length === 1;
          await remove.mutateAsync(toDelete.id);
          // The only profile of a later page is gone: show the page before, not an empty one.
          if (onlyOneOnPage && page > 1) setPage(page - 1);
        }}
        describeError={() => PROFILE_MESSAGES.deleteFailed}
      >
        Are you sure you want to delete this profile? This action cannot be undone.
      </ConfirmDialog>
    </PageShell>
  );
}

function ProfileCard({ profile, onDelete }: { profile: SecondaryProfile; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" component="li" aria-label={profile.displayName}>
      <Stack gap={4}>
        <Title order={2} size="h5">
          <Anchor component={Link} to={paths.secondaryProfile(profile.id)} inherit>
            {profile.displayName}
          </Anchor>
        </Title>
        {profile.companyName && <Text size="sm">{profile.companyName}</Text>}
        {profile.email && (
          <Text size="sm" c="dimmed" style={wholeText}>
            <EmailAddress email={profile.email} />
          </Text>
        )}
        {profile.phone && (
          <Text size="sm" c="dimmed">
            {profile.phone}
          </Text>
        )}
        <Group gap="xs" mt="xs">
          <Button component={Link} to={paths.editProfile(profile.id)} size="xs" variant="light">
            Edit
          </Button>
          <Button size="xs" color="red" variant="light" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
