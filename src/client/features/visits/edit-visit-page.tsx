import { useNavigate, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useUpdateVisit, useVisit } from '../../api/visits';
import { EditFrame } from '../../components/page-frames';
import { instantToWallClock } from '../../lib/zoned-time';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { VisitForm } from './visit-form';
import { useFormats } from '../../api/session';

/** /resources/visits/{id}/edit: property, time and any status (spec §4). */
export function EditVisitPage() {
  const id = useParams().id ?? '';
  const navigate = useNavigate();
  const visit = useVisit(id);
  const updateVisit = useUpdateVisit(id);
  const { timeZone } = useFormats().locality;

  return (
    <PageShell
      title="Edit Visit"
      crumbs={[
        { label: 'Visits', to: paths.visits() },
        { label: 'Visit Details', to: paths.visit(id) },
        { label: 'Edit' },
      ]}
    >
      <EditFrame query={visit} loading="Loading visit" notFound={VISIT_MESSAGES.notFound}>
        {(visit) =>
          visit && (
            <VisitForm
              mode="edit"
              initial={{
                propertyId: visit.propertyId,
                scheduledAt: instantToWallClock(visit.scheduledAt, timeZone),
                status: visit.status,
                // the lead first
                assigneeIds: [...visit.people]
                  .sort((a, b) => (a.role === b.role ? 0 : a.role === 'lead' ? -1 : 1))
                  .map((person) => person.userId),
              }}
              cancelTo={paths.visit(id)}
              onSubmit={async (body) => {
                await updateVisit.mutateAsync(body);
                navigate(paths.visit(id));
              }}
            />
          )
        }
      </EditFrame>
    </PageShell>
  );
}
