import { useNavigate, useSearchParams } from 'react-router';
import { useProperty } from '../../api/properties';
import { useCreateSeries } from '../../api/series';
import { useFormats, useMe } from '../../api/session';
import { DetailSkeleton } from '../../components/loading';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DEFAULT_RULE } from './repeat-rule';
import { SeriesForm } from './series-form';

/** /resources/visits/new-series, optionally ?property={id}: visits that repeat. */
export function NewSeriesPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const propertyId = params.get('property') ?? '';
  const preselected = useProperty(propertyId, { retry: false });
  const create = useCreateSeries();
  const me = useMe().data;
  // A series starts on the business's clock: tomorrow at 09:00 in its zone, which the form names.
  const formats = useFormats();

  return (
    <PageShell title="Repeat Visits" crumbs={[{ label: 'Visits', to: paths.visits() }, { label: 'Repeat Visits' }]}>
      {propertyId && preselected.isPending ? (
        <DetailSkeleton label="Loading property" />
      ) : (
        <SeriesForm
          mode="create"
          initial={{
            propertyId: preselected.data?.id ?? '',
            start: `${formats.today(1)}T09:00`,
            timeZone: formats.locality.timeZone,
            rule: DEFAULT_RULE,
            taskIds: null,
            assigneeIds: me ? [me.id] : [],
          }}
          cancelTo={preselected.data ? paths.property(preselected.data.id) : paths.visits()}
          onSubmit={async (input) => {
            const { occurrences } = await create.mutateAsync(input);
            const first = occurrences[0];
            navigate(
              first ? paths.calendar({ date: formats.isoDay(first.scheduledAt), view: 'week' }) : paths.calendar(),
              {
                replace: true,
              },
            );
          }}
        />
      )}
    </PageShell>
  );
}
