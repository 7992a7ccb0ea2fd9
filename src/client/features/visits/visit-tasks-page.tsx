import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useVisit } from '../../api/visits';
import { ErrorBox } from '../../components/error-box';
import { DetailSkeleton } from '../../components/loading';
import { formatDateTime } from '../../lib/datetime';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { AddVisitTasks } from './add-visit-tasks';
import { CurrentVisitTasks } from './current-visit-tasks';

/** /resources/visits/{id}/tasks: the visit's tasks with price and status; add, re-price, remove. */
export function VisitTasksPage() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  const crumbs = [
    { label: 'Visits', to: paths.visits() },
    { label: 'Visit Details', to: paths.visit(id) },
    { label: 'Tasks' },
  ];
  return (
    <PageShell title="Visit Tasks" crumbs={crumbs}>
      {visit.isPending ? (
        <DetailSkeleton label="Loading visit" />
      ) : visit.isError ? (
        <ErrorBox error={visit.error} fallback={VISIT_MESSAGES.notFound} />
      ) : (
        <Stack gap="lg">
          <Text size="sm">
            <Anchor component={Link} to={paths.visit(id)}>
              {visit.data.property.name}
            </Anchor>{' '}
            · {formatDateTime(visit.data.scheduledAt)}
          </Text>
          <CurrentVisitTasks visit={visit.data} />
          <AddVisitTasks visit={visit.data} />
        </Stack>
      )}
    </PageShell>
  );
}
