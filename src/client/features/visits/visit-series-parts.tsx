import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import { useDeleteSeries, useSeries } from '../../api/series';
import { useFormats } from '../../api/session';
import { paths } from '../../paths';
import { SeriesScopeDialog } from './series-scope-dialog';
import type { VisitDetail } from '../../api/visits';

// A series on a visit's page, loaded only for a visit of a series (most are not: the
// page's first load stays under its budget, tests/e2e/bundle-budget.spec.ts).

/** "Part of a series: Every week on Monday, 10 times". */
export function SeriesLine({ seriesId }: { seriesId: string }) {
  const series = useSeries(seriesId);
  return (
    <Text size="sm" data-testid="series-line">
      Part of a series: {series.data?.description ?? (series.isError ? 'a repeating visit' : '…')}
    </Text>
  );
}

/** 'Edit' of a visit in a series asks which visits: this one, the following, all. */
export function SeriesEditDialog({
  visit,
  opened,
  onClose,
}: {
  visit: VisitDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const id = visit.id;
  return (
    <SeriesScopeDialog
      opened={opened}
      title="Edit Visit"
      question="This visit is part of a series. Which visits do you want to change?"
      onClose={onClose}
      onChoose={(scope) =>
        navigate(scope === 'this' ? paths.editVisit(id) : paths.editSeries(id, scope === 'all' ? 'all' : 'following'))
      }
    />
  );
}

/** 'Delete' of a visit in a series asks which visits: this one, the following, all. */
export function SeriesDeleteDialog({
  visit,
  opened,
  onClose,
  removeThis,
}: {
  visit: VisitDetail;
  opened: boolean;
  onClose: () => void;
  removeThis: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  const removeSeries = useDeleteSeries();
  const formats = useFormats();
  const id = visit.id;
  return (
    <SeriesScopeDialog
      opened={opened}
      title="Delete Visit"
      question="This visit is part of a series. Which visits do you want to delete? This action cannot be undone."
      destructive
      onClose={onClose}
      onChoose={async (scope) => {
        if (!visit.seriesId) return;
        const day = formats.isoDay(visit.scheduledAt);
        if (scope === 'this') await removeThis();
        else await removeSeries.mutateAsync({ id: visit.seriesId, from: scope === 'following' ? id : undefined });
        navigate(paths.calendar({ date: day, view: 'week' }), { replace: true });
      }}
      describeError={(error) => VISIT_MESSAGES.deleteFailed(errorMessage(error, 'unknown error'))}
    />
  );
}
