import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../paths';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useChosenProperty, useCreateVisit } from './api';
import { VisitForm } from './visit-form';

/** /resources/visits/new, optionally ?property={id} to pre-select it. */
export function NewVisitPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const propertyId = params.get('property') ?? '';
  // Only to show the pre-selected property's name; an unknown id simply leaves the select empty.
  const preselected = useChosenProperty(propertyId);
  const createVisit = useCreateVisit();

  return (
    <PageShell title="New Visit" crumbs={[{ label: 'Visits', to: paths.visits() }, { label: 'New Visit' }]}>
      {propertyId && preselected.isPending ? (
        <PageLoader />
      ) : (
        <VisitForm
          mode="create"
          initial={{
            propertyId: preselected.data ? preselected.data.id : '',
            scheduledAt: '',
            status: 'scheduled',
          }}
          initialProperty={preselected.data ? { id: preselected.data.id, name: preselected.data.name } : null}
          cancelTo={propertyId && preselected.data ? paths.property(propertyId) : paths.visits()}
          onSubmit={async (body) => {
            const visit = await createVisit.mutateAsync(body);
            navigate(paths.visit(visit.id), { replace: true });
          }}
        />
      )}
    </PageShell>
  );
}
