import { useNavigate, useSearchParams } from 'react-router';
import { useProperty } from '../../api/properties';
import { useCreateSeries } from '../../api/series';
import { useMe } from '../../api/session';
import { DetailSkeleton } from '../../components/loading';
import { dayFromToday, localDay, timeZoneName } from '../../lib/datetime';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DEFAULT_RULE } from './repeat-rule';
import { SeriesForm } from './series-form';

/** /resources/visits/new-series, optionally ?property={id}: visits that repeat (issue 18). */
export function NewSeriesPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const propertyId = params.get('property') ?? '';
  const preselected = useProperty(propertyId, { retry: false });
  const create = useCreateSeries();
  const me = useMe().data;

  return (
    <PageShell title="Repeat Visits" crumbs={[{ label: 'Visits', to: paths.visits() }, { label: 'Repeat Visits' }]}>
      {propertyId && preselected.isPending ? (
        <DetailSkeleton label="Loading property" />
      ) : (
        <SeriesForm
          mode="create"
          initial={{
            propertyId: preselected.data?.id ?? '',
            start: `${dayFromToday(1)}T09:00`,
            timeZone: timeZoneName(),
            rule: DEFAULT_RULE,
            taskIds: null,
            assigneeIds: me ? [me.id] : [],
          }}
          cancelTo={preselected.data ? paths.property(preselected.data.id) : paths.visits()}
          onSubmit={async (input) => {
            const { occurrences } = await create.mutateAsync(input);
            const first = occurrences[0];
            navigate(first ? paths.calendar({ date: localDay(first.scheduledAt), view: 'week' }) : paths.calendar(), {
              replace: true,
            });
          }}
        />
      )}
    </PageShell>
  );
}
