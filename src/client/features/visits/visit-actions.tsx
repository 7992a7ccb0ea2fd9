import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import { useDeleteVisit, type VisitDetail } from '../../api/visits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailActions } from '../../components/page-frames';
import { paths } from '../../paths';

// Only for a visit of a series (most are not: the visit page's first load stays in its budget).
const SeriesEditDialog = lazy(() => import('./visit-series-parts').then((m) => ({ default: m.SeriesEditDialog })));
const SeriesDeleteDialog = lazy(() => import('./visit-series-parts').then((m) => ({ default: m.SeriesDeleteDialog })));

/**
 * A visit's Edit and Delete, as on every record's page. For a visit of a series both ask first
 * which visits (this one, the following, all); Delete of a lone visit asks the usual question.
 */
export function VisitActions({ id, visit }: { id: string; visit: VisitDetail | undefined }) {
  const navigate = useNavigate();
  const remove = useDeleteVisit(id);
  const [editingSeries, setEditingSeries] = useState(false);
  const inSeries = visit?.seriesId ? visit : null;

  return (
    <>
      <DetailActions
        edit={visit?.can.edit ? (inSeries ? () => setEditingSeries(true) : paths.editVisit(id)) : undefined}
        remove={
          visit?.can.delete
            ? {
                dialog: ({ opened, onClose }) =>
                  inSeries ? (
                    <Suspense fallback={null}>
                      <SeriesDeleteDialog
                        visit={inSeries}
                        opened={opened}
                        onClose={onClose}
                        removeThis={() => remove.mutateAsync()}
                      />
                    </Suspense>
                  ) : (
                    <ConfirmDialog
                      opened={opened}
                      title="Delete Visit"
                      onClose={onClose}
                      onConfirm={async () => {
                        await remove.mutateAsync();
                        navigate(paths.visits(), { replace: true });
                      }}
                      describeError={(error) => VISIT_MESSAGES.deleteFailed(errorMessage(error, 'unknown error'))}
                    >
                      Are you sure you want to delete this visit? This action cannot be undone.
                    </ConfirmDialog>
                  ),
              }
            : undefined
        }
      />
      {inSeries && (
        <Suspense fallback={null}>
          <SeriesEditDialog visit={inSeries} opened={editingSeries} onClose={() => setEditingSeries(false)} />
        </Suspense>
      )}
    </>
  );
}
