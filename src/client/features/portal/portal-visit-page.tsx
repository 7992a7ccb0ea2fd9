import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { fullAddress } from '../../../shared/place';
import { usePortalFormats, usePortalVisit } from '../../api/portal';
import { Facts } from '../../components/facts';
import { DetailFrame } from '../../components/page-frames';
import { ReportNotes, ReportSignature, ReportTask } from '../../components/report-task';
import { Section } from '../../components/section';
import { statusLabel } from '../../components/status-badge';
import { portalPaths } from './portal-paths';

const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** /portal/visits/{id}: the visit's report for the client: photos, readings, signature, shared notes. */
export function PortalVisitPage() {
  const id = useParams().id ?? '';
  const report = usePortalVisit(id);
  const formats = usePortalFormats();
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
                ['Scheduled', formats.dateTime(report.scheduledAt)],
                ['Completed', report.completedAt ? formats.dateTime(report.completedAt) : '—'],
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
            {report.notes.length > 0 && <ReportNotes notes={report.notes} formats={formats} />}
            <ReportSignature signature={report.signature} formats={formats} />
          </Stack>
        )}
      </DetailFrame>
    </Stack>
  );
}
