import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoAttachableType } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type { PhotoDetailDto, PhotoDto, UpdatePhotoInput } from '../../shared/schemas/photos';
import { api, queryString, uploadForm } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Photos (/api/photos…): the files themselves are <img src> of their `url` and `thumbnailUrl`.

export interface PhotoFilters {
  q?: string;
  attachableType?: PhotoAttachableType;
  attachableId?: string;
  offset: number;
  limit: number;
}

export const photoKeys = {
  all: areaKeys.photos,
  lists: () => [...photoKeys.all, 'list'] as const,
  list: (filters: PhotoFilters) => [...photoKeys.lists(), filters] as const,
  detail: (id: string) => [...photoKeys.all, 'detail', id] as const,
};

export const photosQuery = (filters: PhotoFilters) =>
  queryOptions({
    queryKey: photoKeys.list(filters),
    queryFn: () => api<Page<PhotoDto>>(`/api/photos${queryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });

export const photoQuery = (id: string) =>
  queryOptions({ queryKey: photoKeys.detail(id), queryFn: () => api<PhotoDetailDto>(`/api/photos/${id}`) });

export const usePhotos = (filters: PhotoFilters) => useQuery(photosQuery(filters));
export const usePhoto = (id: string) => useQuery(photoQuery(id));

export interface NewPhoto {
  file: Blob;
  fileName: string;
  caption?: string;
  /** Omitted: a standalone photo (spec §5). */
  attachableType?: PhotoAttachableType;
  attachableId?: string;
  onProgress?: (sent: number) => void;
}

/** A property's list shows its first photo: photos and properties both change. */
export const useUploadPhoto = () =>
  useMutationThatInvalidates(
    ({ file, fileName, caption, attachableType, attachableId, onProgress }: NewPhoto) => {
      const form = new FormData();
      form.set('caption', caption ?? '');
      form.set('attachableType', attachableType ?? '');
      form.set('attachableId', attachableId ?? '');
      form.set('file', file, fileName);
      return uploadForm<PhotoDetailDto>('/api/photos', form, onProgress);
    },
    () => [photoKeys.all, areaKeys.properties],
  );

export function useUpdatePhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (body: UpdatePhotoInput) => api<PhotoDetailDto>(`/api/photos/${id}`, { method: 'PATCH', body: { ...body } }),
    () => [photoKeys.lists()],
    (photo) => queryClient.setQueryData(photoKeys.detail(id), photo),
  );
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => api<void>(`/api/photos/${id}`, { method: 'DELETE' }),
    () => [photoKeys.lists(), areaKeys.properties],
    (_data, id) => queryClient.removeQueries({ queryKey: photoKeys.detail(id) }),
  );
}
