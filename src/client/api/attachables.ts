import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NoteAttachableType } from '../../shared/constants';
import { areaKeys } from './keys';
import { get } from './contract';

// The name of a record photos and notes hang on (spec §7 entity-name lookup).

export const attachableQuery = (type: NoteAttachableType, id: string) =>
  queryOptions({
    queryKey: [...areaKeys.attachables, type, id] as const,
    queryFn: () => get('/attachables/:type/:id', { param: { type, id } }),
    retry: false,
  });

/** The record's name; pass no id to wait. */
export const useAttachable = (type: NoteAttachableType | undefined, id: string | undefined) =>
  useQuery({ ...attachableQuery(type ?? 'property', id ?? ''), enabled: Boolean(type && id) });
