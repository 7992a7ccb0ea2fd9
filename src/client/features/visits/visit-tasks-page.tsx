import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useVisit } from '../../api/visits';
import { DetailFrame } from '../../components/page-frames';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { AddVisitTasks } from './add-visit-tasks';
import { CurrentVisitTasks } from './current-visit-tasks';
import { useFormats } from '../../api/session';

/** /resources/visits/{id}/tasks: the visit's tasks with price and status; add, re-price, remove. */
export function VisitTasksPage() {
  const formats = useFormats();
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  const crumbs = [
    { label: 'Visits', to: paths.visits() },
    { label: 'Visit Details', to: paths.visit(id) },
    { label: 'Tasks' },
  ];
  return (
    <PageShell title="Visit Tasks" crumbs={crumbs}>
      <DetailFrame query={visit} loading="Loading visit" notFound={VISIT_MESSAGES.notFound}>
        {(visit) => (
          <Stack gap="lg">
            <Text size="sm">
              <Anchor component={Link} to={paths.visit(id)}>
                {visit.property.name}
              </Anchor>{' '}
              · {formats.dateTime(visit.scheduledAt)}
            </Text>
            <CurrentVisitTasks visit={visit} />
            <AddVisitTasks visit={visit} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}
