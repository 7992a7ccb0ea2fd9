import { Anchor, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NoteAttachableType } from '../../shared/constants';
import { NOTE_MESSAGES } from '../../shared/messages/notes';
import { errorMessage } from '../api/http';
import { useNotes, type Note } from '../api/notes';
import { submit } from '../api/outbox';
import { madeNow } from '../api/write';
import { paths } from '../paths';
import { DeleteNoteDialog } from './delete-note-dialog';
import { FormActions, useSchemaForm } from './form';
import { QueryView } from './query-view';
import { Section } from './section';
import { wholeText } from './whole-text';
import { useFormats } from '../api/session';

const PAGE = 10;

export const authorName = (note: Pick<Note, 'author'>) => note.author.displayName || note.author.email || 'Unknown';

/**
 * spec §2 Embedded panels: the notes of one record, newest first; add, inline edit and delete
 * (the author's own, from `can`), and a link to each note's page. Adding and editing go through
 * the outbox, so they work offline; a change the server refuses is reported here.
 */
export function NotesPanel({
  attachableType,
  attachableId,
}: {
  attachableType: NoteAttachableType;
  attachableId: string;
}) {
  const [limit, setLimit] = useState(PAGE);
  const notes = useNotes({ attachableType, attachableId, offset: 0, limit });
  const [deleting, setDeleting] = useState<Note | null>(null);

  return (
    <Section title="Notes">
      <Stack gap="sm">
        <AddNoteForm attachableType={attachableType} attachableId={attachableId} />
        <QueryView query={notes} loading="Loading notes" size="sm" fallback={NOTE_MESSAGES.loadFailed}>
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No notes yet.
              </Text>
            ) : (
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Notes">
                {items.map((note) => (
                  <NoteItem key={note.id} note={note} onDelete={() => setDeleting(note)} />
                ))}
              </Stack>
            )
          }
        </QueryView>
        {notes.data && notes.data.total > notes.data.items.length && (
          <Button
            variant="subtle"
            onClick={() => setLimit((current) => current + PAGE)}
            style={{ alignSelf: 'flex-start' }}
          >
            Show more notes ({notes.data.total - notes.data.items.length} more)
          </Button>
        )}
      </Stack>
      <DeleteNoteDialog noteId={deleting?.id ?? null} onClose={() => setDeleting(null)} />
    </Section>
  );
}

function AddNoteForm({ attachableType, attachableId }: { attachableType: NoteAttachableType; attachableId: string }) {
  const form = useSchemaForm({
    initial: { content: '' },
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../shared/schemas/notes').then((m) => m.updateNoteInput),
    failed: 'unknown error',
    describeFailure: (error) => NOTE_MESSAGES.addFailed(errorMessage(error, 'unknown error')),
    async submit({ content }) {
      // Made on the phone with its own id (a replay can never make it twice) and its own time.
      await submit({
        kind: 'noteCreate',
        id: crypto.randomUUID(),
        content,
        attachableType,
        attachableId,
        at: madeNow(),
      });
      form.reset({ content: '' });
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Textarea label="Add a note" autosize minRows={2} maxRows={8} {...form.field('content')} />
      <FormActions submit="Add Note" busy={form.busy} failure={form.failure} />
    </form>
  );
}

function NoteItem({ note, onDelete }: { note: Note; onDelete: () => void }) {
  const formats = useFormats();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm({
    initial: { content: note.content },
    schema: () => import('../../shared/schemas/notes').then((m) => m.updateNoteInput),
    failed: 'unknown error',
    describeFailure: (error) => NOTE_MESSAGES.updateFailed(errorMessage(error, 'unknown error')),
    async submit({ content }) {
      await submit({ kind: 'noteUpdate', id: note.id, content });
      setEditing(false);
    },
  });

  return (
    <Card component="li" withBorder padding="sm" aria-label={`Note by ${authorName(note)}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" miw={0} style={wholeText}>
            {authorName(note)} · {formats.dateTime(note.createdAt)}
            {note.edited ? ' (edited)' : ''}
          </Text>
          <Anchor component={Link} to={paths.note(note.id)} size="xs" style={{ flexShrink: 0 }}>
            View
          </Anchor>
        </Group>
        {editing ? (
          <form onSubmit={form.onSubmit} noValidate>
            <Textarea aria-label="Note" autosize minRows={2} maxRows={10} {...form.field('content')} data-autofocus />
            <FormActions submit="Save" busy={form.busy} failure={form.failure} cancel={() => setEditing(false)} />
          </form>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.content}
          </Text>
        )}
        {!editing && (note.can.edit || note.can.delete) && (
          <Group gap="xs">
            {note.can.edit && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => {
                  form.reset({ content: note.content });
                  form.setFailure(null);
                  setEditing(true);
                }}
              >
                Edit
              </Button>
            )}
            {note.can.delete && (
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete}>
                Delete
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
