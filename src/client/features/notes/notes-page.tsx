import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, NOTE_ATTACHABLE_TYPES } from '../../../shared/constants';
import { NOTE_MESSAGES } from '../../../shared/messages/notes';
import { useNotes, type Note } from '../../api/notes';
import { DeleteNoteDialog } from '../../components/delete-note-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListFilters } from '../../components/list-filters';
import { ListFrame } from '../../components/page-frames';
import { authorName } from '../../components/notes-panel';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { wholeText } from '../../components/whole-text';
import { useStayInRange, useUrlList } from '../../lib/use-url-list';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { preview } from './note-labels';
import { useFormats } from '../../api/session';

/** /resources/notes (spec §2): content search, type filter, a list of 150-character previews. */
export function NotesPage() {
  const list = useUrlList(DEFAULT_PAGE_SIZE);
  const type = list.choice('type', NOTE_ATTACHABLE_TYPES);
  const notes = useNotes({ q: list.q, attachableType: type, offset: list.offset, limit: DEFAULT_PAGE_SIZE });
  const moving = useStayInRange(list, notes, DEFAULT_PAGE_SIZE);
  const [deleting, setDeleting] = useState<Note | null>(null);

  return (
    <PageShell
      title="Notes"
      crumbs={[{ label: 'Notes' }]}
      actions={
        <Button component={Link} to={paths.newNote()}>
          New Note
        </Button>
      }
    >
      <Stack gap="md">
        <ListFilters
          list={list}
          search={{ label: 'Search notes' }}
          filter={{
            key: 'type',
            label: 'Type',
            allLabel: 'All types',
            options: NOTE_ATTACHABLE_TYPES.map((value) => ({ value, label: statusLabel('attachable', value) })),
            value: type,
          }}
        />
        <ListFrame
          query={notes}
          moving={moving}
          loading="Loading notes"
          failed={NOTE_MESSAGES.loadFailed}
          empty={
            list.q || type ? (
              <Text c="dimmed">No notes match these filters.</Text>
            ) : (
              <EmptyState
                title="No notes yet"
                description="Notes you write on properties, visits and the rest appear here."
                action={{ label: 'Create your first note', to: paths.newNote() }}
              />
            )
          }
          pages={{ offset: list.offset, pageSize: DEFAULT_PAGE_SIZE, onPage: list.setPage, noun: 'notes' }}
        >
          {(items) => (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notes">
              {items.map((note) => (
                <NoteRow key={note.id} note={note} onDelete={() => setDeleting(note)} />
              ))}
            </Stack>
          )}
        </ListFrame>
      </Stack>
      <DeleteNoteDialog noteId={deleting?.id ?? null} onClose={() => setDeleting(null)} />
    </PageShell>
  );
}

function NoteRow({ note, onDelete }: { note: Note; onDelete: () => void }) {
  const formats = useFormats();
  return (
    <Card component="li" withBorder padding="sm" aria-label={preview(note.content).slice(0, 60)}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <StatusBadge kind="attachable" value={note.attachableType} />
          <Text size="sm" fw={600} style={wholeText} miw={0}>
            {note.attachableId ? (note.attachedName ?? 'Unknown') : 'Standalone note'}
          </Text>
        </Group>
        <Anchor component={Link} to={paths.note(note.id)} c="inherit" underline="never">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {preview(note.content)}
          </Text>
        </Anchor>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {authorName(note)} · {formats.dateTime(note.createdAt)}
            {note.edited ? ' (edited)' : ''}
          </Text>
          <Group gap="xs">
            <Button component={Link} to={paths.note(note.id)} size="compact-sm" variant="subtle">
              View
            </Button>
            {note.can.edit && (
              <Button component={Link} to={paths.editNote(note.id)} size="compact-sm" variant="subtle">
                Edit
              </Button>
            )}
            {note.can.delete && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
                Delete
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
