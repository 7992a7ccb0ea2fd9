import { Text } from '@mantine/core';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { SERIES_MESSAGES, SERIES_SCOPE_LABELS } from '../../../shared/messages/series';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useSeries, useUpdateSeries } from '../../api/series';
import { useFormats } from '../../api/session';
import { useVisit } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { instantToWallClock } from '../../lib/zoned-time';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DEFAULT_RULE, parseRrule } from './repeat-rule';
import { SeriesForm } from './series-form';

/**
 * /resources/visits/{id}/edit-series?scope=following|all: changes the series of this visit,
 * from this visit on or all of it; completed and invoiced visits stay as they are (server).
 */
export function EditSeriesPage() {
  const id = useParams().id ?? '';
  const scope = useSearchParams()[0].get('scope') === 'all' ? 'all' : 'following';
  const navigate = useNavigate();
  const visit = useVisit(id);
  const series = useSeries(visit.data?.seriesId ?? null);
  const update = useUpdateSeries();
  const formats = useFormats();

  const body = (() => {
    if (visit.isPending || (visit.data?.seriesId && series.isPending)) return <DetailSkeleton label="Loading series" />;
    if (visit.isError) return <ErrorBox error={visit.error} fallback={VISIT_MESSAGES.notFound} />;
    if (!visit.data.seriesId) return <ErrorBox>{SERIES_MESSAGES.notFound}</ErrorBox>;
    if (series.isError || !series.data) return <ErrorBox error={series.error} fallback={SERIES_MESSAGES.notFound} />;
    const data = series.data;
    const startsAt = scope === 'all' ? data.startsAt : visit.data.scheduledAt;
    return (
      <>
        <Text mb="md">Changes apply to: {SERIES_SCOPE_LABELS[scope]}</Text>
        <SeriesForm
          mode="edit"
          propertyName={data.property.name}
          initial={{
            propertyId: data.propertyId,
            start: instantToWallClock(startsAt, data.timeZone),
            timeZone: data.timeZone,
            rule: parseRrule(data.rrule) ?? DEFAULT_RULE,
            taskIds: data.taskIds,
            assigneeIds: data.assigneeIds,
          }}
          cancelTo={paths.visit(id)}
          onSubmit={async ({ startsAt: nextStart, timeZone, rrule, taskIds, assigneeIds }) => {
            await update.mutateAsync({
              id: data.id,
              from: scope === 'following' ? id : undefined,
              startsAt: nextStart,
              timeZone,
              rrule,
              taskIds,
              ...(assigneeIds ? { assigneeIds } : {}),
            });
            navigate(paths.calendar({ date: formats.isoDay(String(nextStart)), view: 'week' }), { replace: true });
          }}
        />
      </>
    );
  })();

  return (
    <PageShell
      title="Edit Series"
      crumbs={[
        { label: 'Visits', to: paths.visits() },
        { label: 'Visit Details', to: paths.visit(id) },
        { label: 'Edit Series' },
      ]}
    >
      {body}
    </PageShell>
  );
}
