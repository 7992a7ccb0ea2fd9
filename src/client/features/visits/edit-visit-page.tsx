import { useNavigate, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/schemas/visits';
import { errorMessage } from '../../api/http';
import { toLocalInput } from '../../lib/datetime';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { useUpdateVisit, useVisit } from './api';
import { VisitForm } from './visit-form';

/** /resources/visits/{id}/edit: property, time and any status (spec §4). */
export function EditVisitPage() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const visit = useVisit(id);
  const updateVisit = useUpdateVisit(id);

  return (
    <PageShell
      title="Edit Visit"
      crumbs={[
        { label: 'Visits', to: paths.visits() },
        { label: 'Visit Details', to: paths.visit(id) },
        { label: 'Edit' },
      ]}
    >
      {visit.isPending ? (
        <PageLoader />
      ) : visit.isError ? (
        <ErrorBox>{`Error: ${errorMessage(visit.error, VISIT_MESSAGES.notFound)}`}</ErrorBox>
      ) : (
        <VisitForm
          mode="edit"
          initial={{
            propertyId: visit.data.propertyId,
            scheduledAt: toLocalInput(visit.data.scheduledAt),
            status: visit.data.status,
          }}
          initialProperty={{ id: visit.data.property.id, name: visit.data.property.name }}
          cancelTo={paths.visit(id)}
          onSubmit={async (body) => {
            await updateVisit.mutateAsync(body);
            navigate(paths.visit(id));
          }}
        />
      )}
    </PageShell>
  );
}
