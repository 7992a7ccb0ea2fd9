import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateSeriesInput, PreviewSeriesInput, UpdateSeriesInput } from '../../shared/schemas/series';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { del, get, patch, post } from './contract';

// Visit series (/api/visit-series…) and the calendar feed (/api/calendar/feed).

export const seriesKeys = {
  all: ['visit-series'] as const,
  detail: (id: string) => [...seriesKeys.all, 'detail', id] as const,
  preview: (input: PreviewSeriesInput) => [...seriesKeys.all, 'preview', input] as const,
  feed: () => ['calendar-feed'] as const,
};

export const seriesQuery = (id: string) =>
  queryOptions({ queryKey: seriesKeys.detail(id), queryFn: () => get('/visit-series/:id', { param: { id } }) });

/** The next dates a rule gives and the rule in words; validated like create, so errors are the form's. */
export const seriesPreviewQuery = (input: PreviewSeriesInput) =>
  queryOptions({
    queryKey: seriesKeys.preview(input),
    queryFn: () => post('/visit-series/preview', { json: { ...input } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const calendarFeedQuery = () =>
  queryOptions({ queryKey: seriesKeys.feed(), queryFn: () => get('/calendar/feed') });

export const useSeries = (id: string | null) => useQuery({ ...seriesQuery(id ?? ''), enabled: Boolean(id) });
export const useSeriesPreview = (input: PreviewSeriesInput | null) =>
  useQuery({ ...seriesPreviewQuery(input ?? { startsAt: '', timeZone: '', rrule: '' }), enabled: input !== null });
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

// ── changes: a series' occurrences are visits, on the visit lists and the property's history ──

const touched = () => [seriesKeys.all, areaKeys.visits, areaKeys.properties];

export const useCreateSeries = () =>
  useMutationThatInvalidates((input: CreateSeriesInput) => post('/visit-series', { json: { ...input } }), touched);

/** `from`: that occurrence and the following; omitted, every occurrence of the series. */
export const useUpdateSeries = () =>
  useMutationThatInvalidates(
    ({ id, from, ...input }: UpdateSeriesInput & { id: string; from?: string }) =>
      patch('/visit-series/:id', { param: { id }, query: { from }, json: { ...input } }),
    touched,
  );

export const useDeleteSeries = () =>
  useMutationThatInvalidates(
    ({ id, from }: { id: string; from?: string }) => del('/visit-series/:id', { param: { id }, query: { from } }),
    touched,
  );

/** A new secret URL; the old one answers 404 at once. */
export const useRegenerateCalendarFeed = () =>
  useMutationThatInvalidates(
    () => post('/calendar/feed/regenerate'),
    () => [seriesKeys.feed()],
  );
