import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { useFormats, useWorkspaceCan } from '../../api/session';
import { useVisit, type VisitDetail } from '../../api/visits';
import { DetailFrame } from '../../components/page-frames';
import { ContactActions } from '../../components/contact-actions';
import { Facts } from '../../components/facts';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { fullAddress } from '../../../shared/place';
import { VisitInvoicesSection } from './visit-invoices-section';
import { VisitPeopleSection } from './visit-people-section';
import { VisitTasksSection } from './visit-tasks-section';
import { SignatureSection } from './signature-section';
import { VisitCompletion } from './visit-completion';
import { VisitFindingsSection } from './visit-findings-section';
import { VisitTimeSection } from './visit-time-section';
import { SendReportButton } from './send-report-button';
import { VisitActions } from './visit-actions';
import { ClientMessagesSection } from '../../components/section';

// Only for a visit of a series.
const SeriesLine = lazy(() => import('./visit-series-parts').then((m) => ({ default: m.SeriesLine })));

// The report loads with the visit's page (one chunk; see router.tsx).

const crumbs = [{ label: 'Visits', to: paths.visits() }, { label: 'Visit Details' }];

/** /resources/visits/{id} (spec §2 Visits). */
export function VisitDetailPage() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);

  return (
    <PageShell title="Visit Details" crumbs={crumbs} actions={<VisitActions id={id} visit={visit.data} />}>
      <DetailFrame query={visit} loading="Loading visit" notFound={VISIT_MESSAGES.notFound}>
        {(visit) => (
          <Stack gap="lg">
            <VisitSummary visit={visit} />
            <VisitTasksSection visit={visit} />
            <SignatureSection visit={visit} />
            <VisitCompletion visit={visit} />
            <VisitFindingsSection visit={visit} />
            <VisitTimeSection visit={visit} />
            <VisitPeopleSection visit={visit} />
            {visit.can.seeInvoices && <VisitInvoicesSection visit={visit} />}
            <ClientMessagesSection record={{ kind: 'visit', id: visit.id }} />
            <PhotoPanel attachableType="visit" attachableId={id} />
            <NotesPanel attachableType="visit" attachableId={id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}

function VisitSummary({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const workspaceCan = useWorkspaceCan();
  return (
    <Card withBorder component="section" aria-label="Visit">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={paths.property(visit.property.id)} fw={600} size="lg">
              {visit.property.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {fullAddress(visit.property)}
            </Text>
          </Stack>
          <Group role="group" aria-label="Status" style={{ flexShrink: 0 }}>
            <StatusBadge kind="visit" value={visit.status} />
          </Group>
        </Group>
        {visit.client && <Text size="sm">Client: {visit.client.name}</Text>}
        <ContactActions
          name={visit.client?.name}
          phone={visit.client?.phone}
          place={{ name: visit.property.name, address: fullAddress(visit.property) }}
        />
        {visit.seriesId && (
          <Suspense fallback={null}>
            <SeriesLine seriesId={visit.seriesId} />
          </Suspense>
        )}
        <Facts
          facts={[
            ['Scheduled', formats.dateTime(visit.scheduledAt)],
            ['Started', formats.dateTime(visit.startedAt)],
            ['Completed', formats.dateTime(visit.completedAt)],
            ...(visit.overrideReason ? [['Completed anyway', visit.overrideReason] as [string, string]] : []),
            ...(visit.reopenedAt
              ? [
                  [
                    'Reopened',
                    `${formats.dateTime(visit.reopenedAt)}${visit.reopenedBy ? ` by ${visit.reopenedBy}` : ''}`,
                  ] as [string, string],
                ]
              : []),
          ]}
        />
        <Group gap="xs" mt="xs">
          {visit.can.manageTasks && (
            <Button component={Link} to={paths.visitTasks(visit.id)} variant="light">
              Manage Tasks
            </Button>
          )}
          {visit.can.createInvoice && (
            <Button component={Link} to={paths.newInvoice(visit.id)} variant="light">
              Create Invoice
            </Button>
          )}
          {/* The visit report, for whoever sees the visit; sending it is the office's. */}
          <Button component={Link} to={paths.visitReport(visit.id)} variant="light">
            View report
          </Button>
          {workspaceCan?.sendReports && <SendReportButton visitId={visit.id} />}
        </Group>
      </Stack>
    </Card>
  );
}
