import { Button, Card, Group, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SecondaryProfileDto } from '../../../shared/schemas/profiles';
import { PROFILE_MESSAGES } from '../../../shared/schemas/profiles';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useDeleteSecondaryProfile, useSecondaryProfiles } from './api';

const PAGE_SIZE = 20;

/** spec §2 Secondary profiles: the list, with a confirmed delete. */
export function SecondaryProfilesPage() {
  const [page, setPage] = useState(1);
  const profiles = useSecondaryProfiles({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const remove = useDeleteSecondaryProfile();
  const [toDelete, setToDelete] = useState<SecondaryProfileDto | null>(null);

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
        {remove.isError && <ErrorBox>{PROFILE_MESSAGES.deleteFailed}</ErrorBox>}
        {profiles.isPending ? (
          <PageLoader label="Loading profiles" />
        ) : profiles.isError ? (
          <ErrorBox>
            {PROFILE_MESSAGES.loadProfilesFailed}: {errorMessage(profiles.error, 'Unknown error')}
          </ErrorBox>
        ) : profiles.data.total === 0 ? (
          <Card withBorder radius="md" padding="xl">
            <Stack align="center" gap="sm">
              <Text fw={600}>No secondary profiles yet</Text>
              <Button component={Link} to={paths.newProfile()} variant="light">
                Create your first secondary profile
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Secondary profiles">
            {profiles.data.items.map((profile) => (
              <Card key={profile.id} withBorder radius="md" component="li" aria-label={profile.displayName}>
                <Stack gap={4}>
                  <Title order={2} size="h5">
                    {profile.displayName}
                  </Title>
                  {profile.companyName && <Text size="sm">{profile.companyName}</Text>}
                  {profile.email && (
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {profile.email}
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
                    <Button size="xs" color="red" variant="light" onClick={() => setToDelete(profile)}>
                      Delete
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
        {profiles.data && profiles.data.total > PAGE_SIZE && (
          <Pagination total={Math.ceil(profiles.data.total / PAGE_SIZE)} value={page} onChange={setPage} />
        )}
      </Stack>

      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title="Delete Secondary Profile" centered>
        <Stack gap="md">
          <Text size="sm">Are you sure you want to delete this profile? This action cannot be undone.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => {
                if (!toDelete) return;
                const onlyOneOnPage = profiles.data?.items.length === 1;
                remove.mutate(toDelete.id, {
                  // The only profile of a later page is gone: show the page before, not an empty one.
                  onSuccess: () => {
                    if (onlyOneOnPage && page > 1) setPage(page - 1);
                  },
                  onSettled: () => setToDelete(null),
                });
              }}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageShell>
  );
}
