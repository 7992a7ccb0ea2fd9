import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { NOTE_MESSAGES } from '../../../shared/messages/notes';
import { useNote } from '../../api/notes';
import { DeleteNoteDialog } from '../../components/delete-note-dialog';
import { Facts } from '../../components/facts';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { authorName } from '../../components/notes-panel';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { typeTitle } from './note-labels';
import { useFormats } from '../../api/session';

/** spec §2 Note detail: badge, attached record, Edit and Delete, content, who and when, the way back. */
export function NoteDetailPage() {
  const formats = useFormats();
  const { id = '' } = useParams();
  const note = useNote(id);
  const navigate = useNavigate();
  const data = note.data;

  return (
    <PageShell
      title="Note Details"
      crumbs={[{ label: 'Notes', to: paths.notes() }, { label: 'Note Details' }]}
      actions={
        <DetailActions
          edit={data?.can.edit ? paths.editNote(id) : undefined}
          remove={
            data?.can.delete
              ? {
                  dialog: ({ opened, onClose }) => (
                    <DeleteNoteDialog
                      noteId={opened ? id : null}
                      onClose={onClose}
                      onDeleted={() => navigate(paths.notes(), { replace: true })}
                    />
                  ),
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={note} loading="Loading note" notFound={NOTE_MESSAGES.notFound}>
        {(note) => (
          <Stack gap="md">
            <Group gap="xs">
              <StatusBadge kind="attachable" value={note.attachableType} />
              {note.attachableId ? (
                <Anchor component={Link} to={paths.attachable(note.attachableType, note.attachableId)}>
                  {note.attachedName ?? 'Unknown'}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  Standalone note
                </Text>
              )}
            </Group>
            <Card withBorder padding="md">
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</Text>
            </Card>
            <Facts
              facts={[
                ['Created By', authorName(note)],
                ['Created At', formats.dateTime(note.createdAt)],
                ...(note.edited ? [['Last Updated', formats.dateTime(note.updatedAt)] as [string, string]] : []),
              ]}
            />
            <Group gap="xs">
              <Button component={Link} to={paths.notes()} variant="default">
                Back to Notes
              </Button>
              {note.attachableId && (
                <Button component={Link} to={paths.attachable(note.attachableType, note.attachableId)} variant="light">
                  View {typeTitle(note.attachableType)}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}
