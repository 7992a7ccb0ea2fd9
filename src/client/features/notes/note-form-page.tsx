import { Alert, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  NIL_ATTACHABLE_ID,
  NOTE_ATTACHABLE_TYPES,
  NOTE_TEXTAREA_ROWS,
  type NoteAttachableType,
} from '../../../shared/constants';
import { NOTE_MESSAGES } from '../../../shared/messages/notes';
import { useAttachable } from '../../api/attachables';
import { useCreateNote, useNote, useUpdateNote, type Note } from '../../api/notes';
import { FormActions, useSchemaForm } from '../../components/form';
import { EditFrame } from '../../components/page-frames';
import { RecordPicker } from '../../components/record-picker';
import { statusLabel } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { typeTitle } from './note-labels';

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
      <EditFrame
        query={note}
        loading="Loading note"
        notFound={NOTE_MESSAGES.notFound}
        allowed={(data) => data.can.edit}
        forbidden={NOTE_MESSAGES.unauthorizedEdit}
      >
        {(data) =>
          data && (
            <NoteForm
              note={data}
              attach={data.attachableId ? { type: data.attachableType, id: data.attachableId } : null}
            />
          )
        }
      </EditFrame>
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

function NoteForm({ note, attach }: { note?: Note; attach: { type: NoteAttachableType; id: string } | null }) {
  const navigate = useNavigate();
  const shareHintId = useId();
  const create = useCreateNote();
  const update = useUpdateNote();
  // Without ?type=&id=, a new note is attached to a record picked by name, or to none (standalone).
  const [type, setType] = useState<NoteAttachableType>('property');
  const [record, setRecord] = useState<string | null>(null);
  const form = useSchemaForm({
    initial: { content: note?.content ?? '', shareWithClient: note?.shareWithClient ?? false },
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () => import('../../../shared/schemas/notes').then((m) => m.updateNoteInput),
    failed: note ? 'Failed to update note' : 'Failed to add note',
    async submit({ content, shareWithClient }) {
      const saved = note
        ? await update.mutateAsync({ id: note.id, content, shareWithClient })
        : await create.mutateAsync({
            content,
            shareWithClient,
            attachableType: attach?.type ?? type,
            attachableId: attach?.id ?? record ?? undefined,
          });
      navigate(paths.note(saved.id));
    },
  });

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm" maw={640}>
        {attach && <AttachingBanner attach={attach} />}
        {!note && !attach && (
          <>
            <NativeSelect
              label="Type"
              data={NOTE_ATTACHABLE_TYPES.map((value) => ({ value, label: typeTitle(value) }))}
              value={type}
              onChange={(event) => {
                setType(event.currentTarget.value as NoteAttachableType);
                setRecord(null);
              }}
            />
            <RecordPicker
              key={type}
              type={type}
              label={`${typeTitle(type)} (optional)`}
              value={record}
              onChange={setRecord}
              description={NOTE_MESSAGES.standaloneHint}
            />
          </>
        )}
        <Textarea label="Content" required rows={NOTE_TEXTAREA_ROWS} {...form.field('content')} />
        {/* A native checkbox: Mantine's would be a 2.8 KB chunk on this page alone (its budget, 200 KB). */}
        <Group component="label" gap="sm" wrap="nowrap" align="flex-start" mih={44} style={{ cursor: 'pointer' }}>
          <input
            type="checkbox"
            aria-describedby={shareHintId}
            checked={form.values.shareWithClient}
            onChange={(event) => form.setValue('shareWithClient', event.currentTarget.checked)}
            style={{ width: 20, height: 20, margin: '2px 0 0', accentColor: 'var(--mantine-primary-color-filled)' }}
          />
          <span>
            <Text size="sm" span display="block">
              Share with client
            </Text>
            <Text size="xs" span display="block" id={shareHintId}>
              Shown on the visit report sent to the client
            </Text>
          </span>
        </Group>
        <FormActions
          submit={note ? 'Update Note' : 'Create Note'}
          busy={form.busy}
          failure={form.failure}
          cancel={note ? paths.note(note.id) : paths.notes()}
        />
      </Stack>
    </form>
  );
}
