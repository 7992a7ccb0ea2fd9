import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoAttachableType } from '../../shared/constants';
import type { z } from 'zod';
import type { listPhotosQuery, UpdatePhotoInput } from '../../shared/schemas/photos';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { useWriteMutation, type Write } from './write';
import type { FormField } from './write-request';
import type { PhotoTag } from '../../shared/evidence';
import { countEvidencePhoto, evidenceKeys } from './visits';
import { type Get, type ItemOf, del, get, patch, type ListParams } from './contract';

/** A photo as `GET /api/photos/:id` answers it, with what the caller may do. */
export type PhotoDetail = Get<'/photos/:id'>;
/** A photo of a list (`GET /api/photos`). */
export type Photo = ItemOf<'/photos'>;

// Photos (/api/photos…): the files themselves are <img src> of their `url` and `thumbnailUrl`.

/** The schema's output: its fields are read through `blankToUndefined`, whose input is `unknown`. */
export type PhotoFilters = ListParams<Pick<z.output<typeof listPhotosQuery>, 'q' | 'attachableType' | 'attachableId'>>;

export const photoKeys = {
  all: areaKeys.photos,
  lists: () => [...photoKeys.all, 'list'] as const,
  list: (filters: PhotoFilters) => [...photoKeys.lists(), filters] as const,
  detail: (id: string) => [...photoKeys.all, 'detail', id] as const,
};

export const photosQuery = (filters: PhotoFilters) =>
  queryOptions({
    queryKey: photoKeys.list(filters),
    queryFn: () => get('/photos', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const photoQuery = (id: string) =>
  queryOptions({ queryKey: photoKeys.detail(id), queryFn: () => get('/photos/:id', { param: { id } }) });

export const usePhotos = (filters: PhotoFilters) => useQuery(photosQuery(filters));
export const usePhoto = (id: string) => useQuery(photoQuery(id));

/** A photo taken or chosen on the phone, with its own id; the blob is kept in IndexedDB while queued. */
export interface PhotoChange {
  kind: 'photo';
  id: string;
  blob: Blob;
  fileName: string;
  caption?: string;
  /** Omitted: a standalone photo (spec §5). */
  attachableType?: PhotoAttachableType;
  attachableId?: string;
  /** Evidence for a task of the visit `attachableId`, tagged, with when it was taken. */
  visitTaskId?: string;
  tag?: PhotoTag;
  capturedAt?: string;
}

/** A property's list shows its first photo: photos and properties both change. */
export const photoWrite: Write<PhotoChange, PhotoDetail> = {
  kind: 'photo',
  request: (change) => {
    const evidence: FormField[] = change.visitTaskId
      ? [
          ['visitTaskId', change.visitTaskId],
          ['tag', change.tag ?? 'other'],
          ...(change.capturedAt ? [['capturedAt', change.capturedAt] satisfies FormField] : []),
        ]
      : [];
    return {
      method: 'POST',
      path: '/api/photos',
      form: [
        ['id', change.id],
        ['caption', change.caption ?? ''],
        ['attachableType', change.attachableType ?? ''],
        ['attachableId', change.attachableId ?? ''],
        ...evidence,
        ['file', { blob: change.blob, fileName: change.fileName }],
      ],
    };
  },
  // Shown from the queue itself (its blob) until the server has it: see PendingPhotos. Evidence
  // counts for its task at once (the completion gate runs on the phone, offline too).
  apply: (client, change) => {
    if (change.visitTaskId && change.attachableId) {
      countEvidencePhoto(client, change.attachableId, change.visitTaskId, change.tag ?? 'other');
    }
  },
  settle: (_client, change) => [photoKeys.all, areaKeys.properties, ...(change.visitTaskId ? evidenceKeys() : [])],
  describe: (change) => `Photo ${change.fileName}`,
};

export interface NewPhoto {
  file: Blob;
  fileName: string;
  caption?: string;
  attachableType?: PhotoAttachableType;
  attachableId?: string;
  onProgress?: (sent: number) => void;
}

/** The photos page's uploads (online, with progress): the same write the outbox sends. */
export const useUploadPhoto = () =>
  useWriteMutation(
    photoWrite,
    ({ file, fileName, caption, attachableType, attachableId }: NewPhoto): PhotoChange => ({
      kind: 'photo',
      id: crypto.randomUUID(),
      blob: file,
      fileName,
      caption,
      attachableType: attachableType || undefined,
      attachableId: attachableId || undefined,
    }),
    (photo) => photo.onProgress,
  );

export function useUpdatePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: UpdatePhotoInput) => patch('/photos/:id', { param: { id }, json: { ...body } }),
    () => [photoKeys.lists()],
    (photo) => queryClient.setQueryData(photoKeys.detail(id), photo),
  );
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/photos/:id', { param: { id } }),
    () => [photoKeys.lists(), areaKeys.properties],
    (_data, id) => queryClient.removeQueries({ queryKey: photoKeys.detail(id) }),
  );
}
