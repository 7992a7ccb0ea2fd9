import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CalendarFeedDto,
  CreateSeriesInput,
  PreviewSeriesInput,
  SeriesPreviewDto,
  SeriesWithVisitsDto,
  UpdateSeriesInput,
  VisitSeriesDto,
} from '../../shared/schemas/series';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Visit series (/api/visit-series…) and the calendar feed (/api/calendar/feed).

export const seriesKeys = {
  all: ['visit-series'] as const,
  detail: (id: string) => [...seriesKeys.all, 'detail', id] as const,
  preview: (input: PreviewSeriesInput) => [...seriesKeys.all, 'preview', input] as const,
  feed: () => ['calendar-feed'] as const,
};

export const seriesQuery = (id: string) =>
  queryOptions({ queryKey: seriesKeys.detail(id), queryFn: () => api<VisitSeriesDto>(`/api/visit-series/${id}`) });

/** The next dates a rule gives and the rule in words; validated like create, so errors are the form's. */
export const seriesPreviewQuery = (input: PreviewSeriesInput) =>
  queryOptions({
    queryKey: seriesKeys.preview(input),
    queryFn: () => api<SeriesPreviewDto>('/api/visit-series/preview', { method: 'POST', body: { ...input } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const calendarFeedQuery = () =>
  queryOptions({ queryKey: seriesKeys.feed(), queryFn: () => api<CalendarFeedDto>('/api/calendar/feed') });

export const useSeries = (id: string | null) => useQuery({ ...seriesQuery(id ?? ''), enabled: Boolean(id) });
export const useSeriesPreview = (input: PreviewSeriesInput | null) =>
  useQuery({ ...seriesPreviewQuery(input ?? { startsAt: '', timeZone: '', rrule: '' }), enabled: input !== null });
export const useCalendarFeed = () => useQuery(calendarFeedQuery());

// ── changes: a series' occurrences are visits, on the visit lists and the property's history ──

const touched = () => [seriesKeys.all, areaKeys.visits, areaKeys.properties];

export const useCreateSeries = () =>
  useMutationThatInvalidates(
    (input: CreateSeriesInput) => api<SeriesWithVisitsDto>('/api/visit-series', { method: 'POST', body: { ...input } }),
    touched,
  );

/** `from`: that occurrence and the following; omitted, every occurrence of the series. */
export const useUpdateSeries = () =>
  useMutationThatInvalidates(
    ({ id, from, ...input }: UpdateSeriesInput & { id: string; from?: string }) =>
      api<SeriesWithVisitsDto>(`/api/visit-series/${id}${queryString({ from })}`, {
        method: 'PATCH',
        body: { ...input },
      }),
    touched,
  );

export const useDeleteSeries = () =>
  useMutationThatInvalidates(
    ({ id, from }: { id: string; from?: string }) =>
      api<void>(`/api/visit-series/${id}${queryString({ from })}`, { method: 'DELETE' }),
    touched,
  );

/** A new secret URL; the old one answers 404 at once. */
export const useRegenerateCalendarFeed = () =>
  useMutationThatInvalidates(
    () => api<CalendarFeedDto>('/api/calendar/feed/regenerate', { method: 'POST' }),
    () => [seriesKeys.feed()],
  );
