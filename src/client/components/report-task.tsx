import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import {
  INSPECTION_RESULT_LABELS,
  readingLine,
  REPORT_PHOTO_TAG_LABELS,
  VISIT_REPORT_MESSAGES,
} from '../../shared/schemas/visit-report';
import { Section } from './section';
import { StatusBadge } from './status-badge';
import type { Formats } from '../../shared/formats';
import type { VisitReport, VisitReportTask } from '../api/visit-report';

/** One task of the visit report: its status, reading (flagged 'Out of range'), Pass/Fail, note and before/after thumbnails. */
export function ReportTask({ task }: { task: VisitReportTask }) {
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
      {task.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Note: {task.notes}
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

/** The notes staff shared with the client, newest first. */
export function ReportNotes({ notes, formats }: { notes: VisitReport['notes']; formats: Formats }) {
  return (
    <Section title="Notes">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {notes.map((note) => (
          <Stack key={note.id} gap={2} component="li">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.content}
            </Text>
            <Text size="xs">
              {note.author}, {formats.dateTime(note.createdAt)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

/** The customer's signature, or 'Not signed'. */
export function ReportSignature({ signature, formats }: { signature: VisitReport['signature']; formats: Formats }) {
  return (
    <Section title="Signature">
      {signature ? (
        <Stack gap="xs">
          <Box
            component="img"
            src={signature.url}
            alt={`Signature of ${signature.signerName}`}
            w={240}
            maw="100%"
            bg="white"
            style={{ objectFit: 'contain', border: '1px solid var(--mantine-color-gray-4)' }}
          />
          <Text size="sm">
            Signed by {signature.signerName}, {formats.dateTime(signature.signedAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">{VISIT_REPORT_MESSAGES.notSigned}</Text>
      )}
    </Section>
  );
}
