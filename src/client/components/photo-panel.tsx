import { Anchor, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhotoPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { PhotoAttachableType } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';
import { usePhotos } from '../api/photos';
import { paths } from '../paths';
import { CameraCapture } from './camera-capture';
import { ErrorBox } from './error-box';
import { Lightbox } from './lightbox';
import { Loading } from './loading';
import { PhotoGrid } from './photo-grid';
import { UploadList, usePhotoUploads } from './photo-uploads';
import { Section } from './section';

const SHOWN = 24;

/**
 * spec §2 Embedded panels: the photos of one record, 'Add Photo' (several files at once),
 * 'Take Photo' (the camera) and a lightbox. On every page whose record can carry photos.
 */
export function PhotoPanel({
  attachableType,
  attachableId,
}: {
  attachableType: PhotoAttachableType;
  attachableId: string;
}) {
  const photos = usePhotos({ attachableType, attachableId, offset: 0, limit: SHOWN });
  const { uploads, sendFiles, send, dismiss } = usePhotoUploads(attachableType, attachableId);
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
        <UploadList uploads={uploads} onDismiss={dismiss} />
        {photos.isPending ? (
          <Loading label="Loading photos" size="sm" />
        ) : photos.isError ? (
          <ErrorBox error={photos.error} fallback={PHOTO_MESSAGES.loadFailed} onRetry={photos.refetch} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No photos yet.
          </Text>
        ) : (
          <PhotoGrid photos={items} onOpen={setOpen} />
        )}
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
