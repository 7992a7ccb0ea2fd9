import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PhotoAttachableType } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';
import { errorMessage } from '../api/http';
import { submit, useOutbox } from '../api/outbox';
import { usePhotos } from '../api/photos';
import { paths } from '../paths';
import { CameraCapture } from './camera-capture';
import { Lightbox } from './lightbox';
import { PhotoGrid } from './photo-grid';
import { checkPhotoFile } from './photo-uploads';
import { QueryView } from './query-view';
import { Section } from './section';

const SHOWN = 24;

/**
 * spec §2 Embedded panels: the photos of one record, 'Add Photo' (several files at once),
 * 'Take Photo' (the camera) and a lightbox. On every page whose record can carry photos. Photos
 * go through the outbox (the blob kept in IndexedDB, shown until the server has it), so they
 * work offline; one the server refuses is reported here.
 */
export function PhotoPanel({
  attachableType,
  attachableId,
}: {
  attachableType: PhotoAttachableType;
  attachableId: string;
}) {
  const photos = usePhotos({ attachableType, attachableId, offset: 0, limit: SHOWN });
  const [refused, setRefused] = useState<string | null>(null);
  const send = async (file: Blob, fileName: string) => {
    const problem = checkPhotoFile(file);
    setRefused(problem);
    if (problem) return;
    try {
      await submit({ kind: 'photo', id: crypto.randomUUID(), blob: file, fileName, attachableType, attachableId });
    } catch (error) {
      setRefused(PHOTO_MESSAGES.uploadFailedAlert(errorMessage(error, 'unknown error')));
    }
  };
  const sendFiles = (files: File[]) => Promise.all(files.map((file) => send(file, file.name)));
  const [camera, setCamera] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const items = photos.data?.items ?? [];

  return (
    <Section
      title="Photos"
      action={
        <Group gap="xs">
          <FileButton onChange={(files) => void sendFiles(files)} accept="image/*" multiple>
            {(props) => (
              <Button {...props} variant="light" size="sm" leftSection={<IconPhotoPlus size={18} aria-hidden />}>
                Add Photo
              </Button>
            )}
          </FileButton>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconCamera size={18} aria-hidden />}
            onClick={() => setCamera(true)}
          >
            Take Photo
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        {refused && (
          <Text size="sm" c="red.9" role="alert">
            {refused}
          </Text>
        )}
        <PendingPhotos attachableId={attachableId} />
        <QueryView query={photos} loading="Loading photos" size="sm" fallback={PHOTO_MESSAGES.loadFailed}>
          {({ items }) =>
            items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No photos yet.
              </Text>
            ) : (
              <PhotoGrid photos={items} onOpen={setOpen} />
            )
          }
        </QueryView>
        {photos.data && photos.data.total > SHOWN && (
          <Anchor component={Link} to={`${paths.photos()}?type=${attachableType}&id=${attachableId}`} size="sm">
            All {photos.data.total} photos
          </Anchor>
        )}
      </Stack>
      <CameraCapture
        opened={camera}
        onClose={() => setCamera(false)}
        onCapture={(blob) => void send(blob, `camera-${new Date().toISOString().replace(/[:.]/g, '-')}.jpg`)}
      />
      <Lightbox photos={items} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </Section>
  );
}

/** Photos taken or chosen here and not on the server yet, drawn from their blobs in the queue. */
function PendingPhotos({ attachableId }: { attachableId: string }) {
  const outbox = useOutbox();
  const waiting = useMemo(
    () =>
      outbox.flatMap((item) =>
        item.change.kind === 'photo' && item.change.attachableId === attachableId
          ? [{ key: item.key, blob: item.change.blob, name: item.change.fileName }]
          : [],
      ),
    [outbox, attachableId],
  );
  if (waiting.length === 0) return null;
  return (
    <Group
      gap="xs"
      component="ul"
      aria-label="Photos waiting to upload"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {waiting.map((item) => (
        <li key={item.key}>
          <BlobImage blob={item.blob} alt={`${item.name} (waiting to upload)`} />
        </li>
      ))}
    </Group>
  );
}

/** An <img> of a Blob; its object URL is released when the image goes. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={image} alt={alt} width={96} height={72} style={{ objectFit: 'cover', borderRadius: 4 }} />;
}
