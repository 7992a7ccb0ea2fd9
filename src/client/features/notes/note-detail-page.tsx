import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { NOTE_MESSAGES } from '../../../shared/messages/notes';
import { errorMessage } from '../../api/http';
import { useDeleteNote, useNote } from '../../api/notes';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { Facts } from '../../components/facts';
import { Loading } from '../../components/loading';
import { authorName } from '../../components/notes-panel';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/datetime';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { typeTitle } from './note-labels';

/** spec §2 Note detail: badge, attached record, Edit and Delete, content, who and when, the way back. */
export function NoteDetailPage() {
  const { id = '' } = useParams();
  const note = useNote(id);
  const remove = useDeleteNote();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const data = note.data;

  return (
    <PageShell
      title="Note Details"
      crumbs={[{ label: 'Notes', to: paths.notes() }, { label: 'Note Details' }]}
      actions={
        <>
          {data?.can.edit && (
            <Button component={Link} to={paths.editNote(id)} variant="light">
              Edit
            </Button>
          )}
          {data?.can.delete && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )}
        </>
      }
    >
      {note.isPending ? (
        <Loading label="Loading note" />
      ) : note.isError ? (
        <ErrorBox error={note.error} fallback={NOTE_MESSAGES.notFound} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <StatusBadge kind="attachable" value={note.data.attachableType} />
            {note.data.attachableId ? (
              <Anchor component={Link} to={paths.attachable(note.data.attachableType, note.data.attachableId)}>
                {note.data.attachedName ?? 'Unknown'}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                Standalone note
              </Text>
            )}
          </Group>
          <Card withBorder padding="md">
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.data.content}</Text>
          </Card>
          <Facts
            facts={[
              ['Created By', authorName(note.data)],
              ['Created At', formatDateTime(note.data.createdAt)],
              ...(note.data.edited ? [['Last Updated', formatDateTime(note.data.updatedAt)] as [string, string]] : []),
            ]}
          />
          <Group gap="xs">
            <Button component={Link} to={paths.notes()} variant="default">
              Back to Notes
            </Button>
            {note.data.attachableId && (
              <Button
                component={Link}
                to={paths.attachable(note.data.attachableType, note.data.attachableId)}
                variant="light"
              >
                View {typeTitle(note.data.attachableType)}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting}
        title="Delete Note"
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(id);
          navigate(paths.notes(), { replace: true });
        }}
        describeError={(error) => NOTE_MESSAGES.errorDeleting(errorMessage(error, 'unknown error'))}
      >
        {NOTE_MESSAGES.confirmDelete}
      </ConfirmDialog>
    </PageShell>
  );
}
