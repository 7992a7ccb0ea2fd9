import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { fullAddress } from '../../../shared/place';
import { VISIT_REPORT_MESSAGES, type VisitReportDto } from '../../../shared/schemas/visit-report';
import { usePortalVisit } from '../../api/portal';
import { Facts } from '../../components/facts';
import { DetailFrame } from '../../components/page-frames';
import { ReportTask } from '../../components/report-task';
import { Section } from '../../components/section';
import { statusLabel } from '../../components/status-badge';
import { formatDateTime } from '../../lib/datetime';
import { portalPaths } from './portal-paths';

const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** /portal/visits/{id}: the visit's report for the client: photos, readings, signature, shared notes. */
export function PortalVisitPage() {
  const id = useParams().id ?? '';
  const report = usePortalVisit(id);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={portalPaths.home()} size="sm">
        Back to your visits
      </Anchor>
      <DetailFrame query={report} loading="Loading visit report" notFound={PORTAL_MESSAGES.visitNotFound}>
        {(report) => (
          <Stack gap="lg">
            <Title order={1} size="h3">
              {`Visit report: ${report.property.name}`}
            </Title>
            <Facts
              facts={[
                ['Property', fullAddress(report.property)],
                ['Status', statusLabel('visit', report.status)],
                ['Scheduled', formatDateTime(report.scheduledAt)],
                ['Completed', report.completedAt ? formatDateTime(report.completedAt) : '—'],
              ]}
            />
            <Section title="Photos and readings">
              {report.tasks.length === 0 ? (
                <Text size="sm">No tasks</Text>
              ) : (
                <Stack gap="md" component="ul" style={plainList}>
                  {report.tasks.map((task) => (
                    <ReportTask key={task.id} task={task} />
                  ))}
                </Stack>
              )}
            </Section>
            {report.notes.length > 0 && <Notes notes={report.notes} />}
            <Signature signature={report.signature} />
          </Stack>
        )}
      </DetailFrame>
    </Stack>
  );
}

function Notes({ notes }: { notes: VisitReportDto['notes'] }) {
  return (
    <Section title="Notes">
      <Stack gap="sm" component="ul" style={plainList}>
        {notes.map((note) => (
          <Stack key={note.id} gap={2} component="li">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.content}
            </Text>
            <Text size="xs">
              {note.author}, {formatDateTime(note.createdAt)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Section>
  );
}

function Signature({ signature }: { signature: VisitReportDto['signature'] }) {
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
            Signed by {signature.signerName}, {formatDateTime(signature.signedAt)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">{VISIT_REPORT_MESSAGES.notSigned}</Text>
      )}
    </Section>
  );
}
