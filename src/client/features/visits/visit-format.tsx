import { Badge } from '@mantine/core';
import type { VisitStatus, VisitTaskStatus } from '../../../shared/constants';
import { VISIT_STATUS_LABELS, type VisitPersonDto, type VisitPropertyDto } from '../../../shared/schemas/visits';

export { VISIT_STATUS_LABELS };
const VISIT_STATUS_COLORS: Record<VisitStatus, string> = {
  scheduled: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'gray',
};

export const VISIT_TASK_STATUS_LABELS: Record<VisitTaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
};
const VISIT_TASK_STATUS_COLORS: Record<VisitTaskStatus, string> = {
  pending: 'gray',
  in_progress: 'yellow',
  completed: 'green',
  skipped: 'orange',
};

export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  return (
    <Badge color={VISIT_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {VISIT_STATUS_LABELS[status]}
    </Badge>
  );
}

export function VisitTaskStatusBadge({ status }: { status: VisitTaskStatus }) {
  return (
    <Badge color={VISIT_TASK_STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {VISIT_TASK_STATUS_LABELS[status]}
    </Badge>
  );
}

export const personName = (person: Pick<VisitPersonDto, 'displayName' | 'email'>) => person.displayName || person.email;

export const fullAddress = (property: VisitPropertyDto) =>
  [property.address, [property.city, property.state, property.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
