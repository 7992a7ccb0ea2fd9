import { Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isPhotoTooLarge, type PhotoAttachableType } from '../../shared/constants';
import { PHOTO_MESSAGES } from '../../shared/messages/photos';
import { errorMessage } from '../api/http';
import { useUploadPhoto } from '../api/photos';

interface Upload {
  key: number;
  name: string;
  progress: number;
  error: string | null;
}

let nextKey = 0;

/** spec §5: an image under 10 MB; the server decides again by the file's bytes. */
export function checkPhotoFile(file: Blob): string | null {
  if (!file.type.startsWith('image/')) return PHOTO_MESSAGES.notAnImage;
  if (isPhotoTooLarge(file.size)) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * Uploads several photos at once to one record, each with its own progress bar; a failed one
 * stays listed with its reason ('Failed to upload photo: …') and the others carry on.
 */
export function usePhotoUploads(attachableType: PhotoAttachableType, attachableId: string) {
  const upload = useUploadPhoto();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const change = (key: number, patch: Partial<Upload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  async function send(file: Blob, name: string) {
    const key = (nextKey += 1);
    const refused = checkPhotoFile(file);
    setUploads((current) => [...current, { key, name, progress: 0, error: refused }]);
    if (refused) return;
    try {
      await upload.mutateAsync({
        file,
        fileName: name,
        attachableType,
        attachableId,
        onProgress: (sent) => change(key, { progress: sent }),
      });
      setUploads((current) => current.filter((item) => item.key !== key));
    } catch (error) {
      change(key, { error: PHOTO_MESSAGES.uploadFailedAlert(errorMessage(error, 'unknown error')) });
    }
  }

  return {
    uploads,
    sendFiles: (files: FileList | File[]) => Promise.all([...files].map((file) => send(file, file.name))),
    send,
    dismiss: (key: number) => setUploads((current) => current.filter((item) => item.key !== key)),
  };
}

/** The uploads in flight and the ones that failed. */
export function UploadList({ uploads, onDismiss }: { uploads: Upload[]; onDismiss: (key: number) => void }) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Uploads">
      {uploads.map((item) => (
        <li key={item.key}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate="end" miw={0}>
              {item.name}
            </Text>
            {item.error && (
              <Text
                component="button"
                size="sm"
                c="dimmed"
                onClick={() => onDismiss(item.key)}
                style={{ border: 0, background: 'none', cursor: 'pointer' }}
              >
                Dismiss
              </Text>
            )}
          </Group>
          {item.error ? (
            <Text size="sm" c="red.9" role="alert">
              {item.error}
            </Text>
          ) : (
            <Progress value={item.progress * 100} aria-label={`Uploading ${item.name}`} size="sm" animated />
          )}
        </li>
      ))}
    </Stack>
  );
}
