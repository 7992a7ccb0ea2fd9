import { useNavigate, useSearchParams } from 'react-router';
import { useProperty } from '../../api/properties';
import { useMe } from '../../api/session';
import { useCreateVisit } from '../../api/visits';
import { useUpdateVisitRequest } from '../../api/client-portal';
import { DetailSkeleton } from '../../components/loading';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { VisitForm } from './visit-form';

/**
 * /resources/visits/new, optionally ?property={id} to pre-select it, and ?request={id}:
 * the client's visit request this visit schedules, marked scheduled with it once saved.
 */
export function NewVisitPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const propertyId = params.get('property') ?? '';
  // An unknown or foreign id simply leaves the select empty.
  const preselected = useProperty(propertyId, { retry: false });
  const requestId = params.get('request') ?? '';
  const createVisit = useCreateVisit();
  const scheduleRequest = useUpdateVisitRequest();
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
            // Whoever schedules it is on it, unless they choose otherwise.
            assigneeIds: me ? [me.id] : [],
          }}
          cancelTo={preselected.data ? paths.property(preselected.data.id) : paths.visits()}
          onSubmit={async (body) => {
            const visit = await createVisit.mutateAsync(body);
            if (requestId) {
              await scheduleRequest.mutateAsync({ id: requestId, patch: { status: 'scheduled', visitId: visit.id } });
            }
            navigate(paths.visit(visit.id), { replace: true });
          }}
        />
      )}
    </PageShell>
  );
}
