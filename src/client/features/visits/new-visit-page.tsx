import { useNavigate, useSearchParams } from 'react-router';
import { useProperty } from '../../api/properties';
import { useMe } from '../../api/session';
import { useCreateVisit } from '../../api/visits';
import { DetailSkeleton } from '../../components/loading';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { VisitForm } from './visit-form';

/** /resources/visits/new, optionally ?property={id} to pre-select it. */
export function NewVisitPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const propertyId = params.get('property') ?? '';
  // An unknown or foreign id simply leaves the select empty.
  const preselected = useProperty(propertyId, { retry: false });
  const createVisit = useCreateVisit();
  const me = useMe().data;

  return (
    <PageShell title="New Visit" crumbs={[{ label: 'Visits', to: paths.visits() }, { label: 'New Visit' }]}>
      {propertyId && preselected.isPending ? (
        <DetailSkeleton label="Loading property" />
      ) : (
        <VisitForm
          mode="create"
          initial={{
            propertyId: preselected.data?.id ?? '',
            scheduledAt: '',
            status: 'scheduled',
            // Issue 24: whoever schedules it is on it, unless they choose otherwise.
            assigneeIds: me ? [me.id] : [],
          }}
          cancelTo={preselected.data ? paths.property(preselected.data.id) : paths.visits()}
          onSubmit={async (body) => {
            const visit = await createVisit.mutateAsync(body);
            navigate(paths.visit(visit.id), { replace: true });
          }}
        />
      )}
    </PageShell>
  );
}
