import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import {
  INSPECTION_RESULT_LABELS,
  readingLine,
  REPORT_PHOTO_TAG_LABELS,
  VISIT_REPORT_MESSAGES,
  type VisitReportTaskDto,
} from '../../shared/schemas/visit-report';
import { StatusBadge } from './status-badge';

/** One task of the visit report: its status, reading (flagged 'Out of range'), Pass/Fail, note and before/after thumbnails. */
export function ReportTask({ task }: { task: VisitReportTaskDto }) {
  const reading = readingLine(task);
  return (
    <Stack gap={6} component="li" aria-label={task.name}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
          {task.name}
        </Text>
        <StatusBadge kind="visitTask" value={task.status} />
      </Group>
      {reading && (
        <Group gap="xs">
          <Text size="sm">{reading}</Text>
          {task.readingFlagged && (
            <Badge color="red" variant="light">
              {VISIT_REPORT_MESSAGES.outOfRange}
            </Badge>
          )}
        </Group>
      )}
      {task.result && (
        <Text size="sm" c={task.result === 'fail' ? 'red.9' : undefined} fw={task.result === 'fail' ? 600 : undefined}>
          Result: {INSPECTION_RESULT_LABELS[task.result]}
        </Text>
      )}
      {task.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Note: {task.note}
        </Text>
      )}
      {task.photos.length > 0 && (
        <Group gap="sm" align="flex-start">
          {task.photos.map((photo) => (
            <Stack gap={2} key={photo.id} component="figure" m={0}>
              <Box
                component="img"
                src={photo.thumbnailUrl}
                alt={`${REPORT_PHOTO_TAG_LABELS[photo.tag]}: ${task.name}`}
                w={120}
                h={120}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 'var(--mantine-radius-sm)' }}
              />
              <Text component="figcaption" size="xs">
                {REPORT_PHOTO_TAG_LABELS[photo.tag]}
              </Text>
            </Stack>
          ))}
        </Group>
      )}
    </Stack>
  );
}
