import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { fullAddress } from '../../../shared/place';
import { VISIT_REPORT_MESSAGES } from '../../../shared/schemas/visit-report';
import { useVisitReport, visitReportPdfUrl, type VisitReport } from '../../api/visit-report';
import { Facts } from '../../components/facts';
import { DetailFrame } from '../../components/page-frames';
import { Section } from '../../components/section';
import { StatusBadge, statusLabel } from '../../components/status-badge';
import { EmailAddress, wholeText } from '../../components/whole-text';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { ReportNotes, ReportSignature, ReportTask } from '../../components/report-task';
import { PeopleLine } from './people-line';
import { SendReportButton } from './send-report-button';
import { useFormats } from '../../api/session';

/** /resources/visits/{id}/report: what the PDF and the client's e-mail carry. */
export function VisitReportPage() {
  const formats = useFormats();
  const id = useParams().id ?? '';
  const report = useVisitReport(id);
  return (
    <PageShell
      title="Visit report"
      crumbs={[
        { label: 'Visits', to: paths.visits() },
        { label: 'Visit Details', to: paths.visit(id) },
        { label: 'Visit report' },
      ]}
    >
      <DetailFrame query={report} loading="Loading visit report" notFound={VISIT_MESSAGES.notFound}>
        {(report) => (
          <Stack gap="lg">
            <Group gap="xs" align="flex-start">
              <Button component="a" href={visitReportPdfUrl(report.visitId)} target="_blank" variant="default">
                Download PDF
              </Button>
              {report.can.send && <SendReportButton visitId={report.visitId} variant="filled" />}
            </Group>
            {report.reportSentAt && (
              <Text size="sm" c="dimmed">
                Last sent to the client {formats.dateTime(report.reportSentAt)}
              </Text>
            )}
            <FromAndFor report={report} />
            <VisitFacts report={report} />
            <Section title="Tasks">
              {report.tasks.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No tasks
                </Text>
              ) : (
                <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
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
    </PageShell>
  );
}

function FromAndFor({ report }: { report: VisitReport }) {
  const business = [report.business.address, report.business.phone].filter(Boolean);
  const client = report.client;
  // A business's or a client's e-mail address has the row to itself, to break only at '@' or a dot.
  const email = (address: string | null | undefined) =>
    address && (
      <Text size="sm" style={wholeText}>
        <EmailAddress email={address} />
      </Text>
    );
  return (
    <Section title="Business and client">
      <Facts
        facts={[
          [
            'From',
            <Stack gap={0} key="from">
              <Text size="sm" fw={600}>
                {report.business.name}
              </Text>
              {business.map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
              {email(report.business.email)}
            </Stack>,
            { wide: Boolean(report.business.email) },
          ],
          [
            'Client',
            client ? (
              <Stack gap={0} key="client">
                <Text size="sm" fw={600}>
                  {client.name}
                </Text>
                {[client.company, client.address].filter(Boolean).map((line) => (
                  <Text size="sm" key={line}>
                    {line}
                  </Text>
                ))}
                {email(client.email)}
              </Stack>
            ) : (
              'No client'
            ),
            { wide: Boolean(client?.email) },
          ],
          [
            'Property',
            <Stack gap={0} key="property">
              <Anchor component={Link} to={paths.property(report.property.id)} size="sm" fw={600}>
                {report.property.name}
              </Anchor>
              <Text size="sm">{fullAddress(report.property)}</Text>
            </Stack>,
          ],
        ]}
      />
    </Section>
  );
}

function VisitFacts({ report }: { report: VisitReport }) {
  const formats = useFormats();
  return (
    <Section title="Visit" action={<StatusBadge kind="visit" value={report.status} />}>
      <Stack gap="sm">
        <Facts
          facts={[
            ['Scheduled', formats.dateTime(report.scheduledAt)],
            ['Started', formats.dateTime(report.startedAt)],
            ['Completed', formats.dateTime(report.completedAt)],
            [
              'Time on site',
              `${report.actualMinutes === null ? '—' : `${report.actualMinutes} min`} (estimated ${report.estimatedMinutes} min)`,
            ],
            [
              'People',
              report.people.length > 0 ? (
                <PeopleLine people={report.people} role={(person) => statusLabel('visitRole', person.role)} />
              ) : (
                '—'
              ),
              { wide: report.people.length > 0 },
            ],
          ]}
        />
        {report.overrideReason && (
          <Badge color="orange" variant="light" size="lg" style={{ whiteSpace: 'normal', height: 'auto' }}>
            {VISIT_REPORT_MESSAGES.completedAnyway(report.overrideReason)}
          </Badge>
        )}
      </Stack>
    </Section>
  );
}
