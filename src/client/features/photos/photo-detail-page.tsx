import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PHOTO_MESSAGES } from '../../../shared/messages/photos';
import { errorMessage } from '../../api/http';
import { useDeletePhoto, usePhoto, useUpdatePhoto, type PhotoDetail } from '../../api/photos';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { Facts } from '../../components/facts';
import { NotesPanel } from '../../components/notes-panel';
import { statusLabel } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { useFormats } from '../../api/session';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** /resources/photos/{id} (spec §2): the photo, its caption (the uploader edits it), delete, the attached item. */
export function PhotoDetailPage() {
  const formats = useFormats();
  const { id = '' } = useParams();
  const photo = usePhoto(id);
  const navigate = useNavigate();
  const remove = useDeletePhoto();

  return (
    <PageShell
      title="Photo"
      crumbs={[{ label: 'Photos', to: paths.photos() }, { label: 'Photo Details' }]}
      actions={
        <DetailActions
          remove={
            photo.data?.can.delete
              ? {
                  title: 'Delete Photo',
                  question: 'Are you sure you want to delete this photo? This action cannot be undone.',
                  onConfirm: async () => {
                    await remove.mutateAsync(id);
                    navigate(paths.photos(), { replace: true });
                  },
                  describeError: (error) => PHOTO_MESSAGES.deleteFailed(errorMessage(error, 'unknown error')),
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={photo} loading="Loading photo" notFound={PHOTO_MESSAGES.notFound}>
        {(photo) => (
          <Stack gap="lg">
            <img
              src={photo.url}
              alt={photo.caption || photo.fileName}
              width={photo.width ?? undefined}
              height={photo.height ?? undefined}
              style={{
                display: 'block',
                width: '100%',
                height: 'auto',
                maxHeight: '70vh',
                objectFit: 'contain',
                background: 'var(--mantine-color-gray-1)',
              }}
            />
            <CaptionEditor photo={photo} />
            <Card withBorder padding="md">
              <Facts
                facts={[
                  [
                    'Attached to',
                    photo.attachableId ? (
                      <Anchor component={Link} to={paths.attachable(photo.attachableType, photo.attachableId)}>
                        {photo.attachedName ?? 'Unknown'} ({statusLabel('attachable', photo.attachableType)})
                      </Anchor>
                    ) : (
                      'Nothing (standalone)'
                    ),
                  ],
                  ['Uploaded by', photo.uploader.displayName || photo.uploader.email],
                  ['Uploaded', formats.dateTime(photo.createdAt)],
                  ['File', photo.fileName],
                  ['Size', `${photo.width ?? '?'} × ${photo.height ?? '?'} px, ${megabytes(photo.fileSize)}`],
                ]}
              />
            </Card>
            <NotesPanel attachableType="photo" attachableId={photo.id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}

function CaptionEditor({ photo }: { photo: PhotoDetail }) {
  const update = useUpdatePhoto(photo.id);
  const [caption, setCaption] = useState(photo.caption ?? '');
  const changed = caption.trim() !== (photo.caption ?? '');
  if (!photo.can.edit) {
    return (
      <Text>
        {photo.caption || (
          <Text span c="dimmed">
            No caption.
          </Text>
        )}
      </Text>
    );
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    update.mutate({ caption });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Caption"
          value={caption}
          onChange={(event) => setCaption(event.currentTarget.value)}
          maxLength={500}
          error={update.isError ? errorMessage(update.error, 'Failed to save the caption') : undefined}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" disabled={!changed || update.isPending}>
          {update.isPending ? 'Saving...' : 'Save caption'}
        </Button>
      </Group>
    </form>
  );
}
