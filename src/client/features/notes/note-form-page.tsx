import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  NIL_ATTACHABLE_ID,
  NOTE_ATTACHABLE_TYPES,
  NOTE_TEXTAREA_ROWS,
  type NoteAttachableType,
} from '../../../shared/constants';
import type { NoteDto } from '../../../shared/schemas/notes';
import { NOTE_MESSAGES } from '../../../shared/messages/notes';
import { useAttachable } from '../../api/attachables';
import { errorMessage } from '../../api/http';
import { useCreateNote, useNote, useUpdateNote } from '../../api/notes';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { statusLabel } from '../../components/status-badge';
import { validate } from '../../lib/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isType = (value: string | null): value is NoteAttachableType =>
  (NOTE_ATTACHABLE_TYPES as readonly string[]).includes(value ?? '');

/** /resources/notes/new, optionally ?type=&id= to attach the note (spec §2 Note form). */
export function NewNotePage() {
  const [params] = useSearchParams();
  const type = params.get('type');
  const id = params.get('id');
  const attach = isType(type) && id && id !== NIL_ATTACHABLE_ID ? { type, id } : null;
  return (
    <PageShell title="New Note" crumbs={[{ label: 'Notes', to: paths.notes() }, { label: 'New Note' }]}>
      <NoteForm attach={attach} />
    </PageShell>
  );
}

export function EditNotePage() {
  const { id = '' } = useParams();
  const note = useNote(id);
  return (
    <PageShell
      title="Edit Note"
      crumbs={[{ label: 'Notes', to: paths.notes() }, { label: 'Note Details', to: paths.note(id) }, { label: 'Edit' }]}
    >
      {note.isPending ? (
        <DetailSkeleton label="Loading note" />
      ) : note.isError ? (
        <ErrorBox error={note.error} fallback={NOTE_MESSAGES.notFound} />
      ) : !note.data.can.edit ? (
        <ErrorBox>{NOTE_MESSAGES.unauthorizedEdit}</ErrorBox>
      ) : (
        <NoteForm
          note={note.data}
          attach={note.data.attachableId ? { type: note.data.attachableType, id: note.data.attachableId } : null}
        />
      )}
    </PageShell>
  );
}

/** 'Attaching to: {name} ({type})' while the record's name is fetched. */
function AttachingBanner({ attach }: { attach: { type: NoteAttachableType; id: string } }) {
  const record = useAttachable(attach.type, attach.id);
  const name = record.isPending ? '…' : (record.data?.name ?? 'Unknown');
  return (
    <Alert color="blue" variant="light" role="status">
      Attaching to: {name} ({statusLabel('attachable', attach.type)})
    </Alert>
  );
}

function NoteForm({ note, attach }: { note?: NoteDto; attach: { type: NoteAttachableType; id: string } | null }) {
  const navigate = useNavigate();
  const create = useCreateNote();
  const update = useUpdateNote();
  const [content, setContent] = useState(note?.content ?? '');
  const [type, setType] = useState<NoteAttachableType>('property');
  const [entityId, setEntityId] = useState('');
  const [errors, setErrors] = useState<{ content?: string; entityId?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // The schema (and zod) loads with the first form sent, not with the page.
    const { noteContent } = await import('../../../shared/schemas/notes');
    const checked = validate(noteContent, content);
    const idProblem =
      !note && !attach && entityId.trim() && !UUID.test(entityId.trim())
        ? 'Entity ID must be an id such as 0f8fad5b-d9cb-469f-a165-70867728950e, or blank'
        : undefined;
    setErrors({ content: checked.ok ? undefined : Object.values(checked.errors)[0], entityId: idProblem });
    if (!checked.ok || idProblem) return;
    try {
      const saved = note
        ? await update.mutateAsync({ id: note.id, content: checked.data })
        : await create.mutateAsync({
            content: checked.data,
            attachableType: attach?.type ?? type,
            attachableId: attach?.id ?? entityId.trim(),
          });
      navigate(paths.note(saved.id));
    } catch (error) {
      setFailure(errorMessage(error, note ? 'Failed to update note' : 'Failed to add note'));
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={640}>
        {attach && <AttachingBanner attach={attach} />}
        {!note && !attach && (
          <>
            <NativeSelect
              label="Type"
              data={NOTE_ATTACHABLE_TYPES.map((value) => ({ value, label: value }))}
              value={type}
              onChange={(event) => setType(event.currentTarget.value as NoteAttachableType)}
            />
            <TextInput
              label="Entity ID"
              description={NOTE_MESSAGES.standaloneHint}
              value={entityId}
              onChange={(event) => setEntityId(event.currentTarget.value)}
              error={errors.entityId}
              autoComplete="off"
            />
          </>
        )}
        <Textarea
          label="Content"
          required
          rows={NOTE_TEXTAREA_ROWS}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          error={errors.content}
        />
        <Group gap="xs">
          <Button component={Link} to={note ? paths.note(note.id) : paths.notes()} variant="default">
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : note ? 'Update Note' : 'Create Note'}
          </Button>
        </Group>
        {/* spec §2: a save failure shows under the form, and the button is usable again. */}
        {failure && <ErrorBox>{failure}</ErrorBox>}
      </Stack>
    </form>
  );
}
