import { Button, Card, Group, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import type { PropertyDetail } from '../../api/properties';
import { PROPERTY_MESSAGES } from '../../../shared/messages/properties';
import { useProperty } from '../../api/properties';
import { DetailActions, DetailFrame } from '../../components/page-frames';
import { Facts } from '../../components/facts';
import { NotesPanel } from '../../components/notes-panel';
import { PhotoPanel } from '../../components/photo-panel';
import { PropertyRoleBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { DeletePropertyDialog } from './delete-property-dialog';
import { PropertyClientSection } from './property-client-section';
import { PropertyTasksSection } from './property-tasks-section';
import { VisitHistorySection } from './visit-history-section';
import { addressLabels, DEFAULT_COUNTRY_CODE } from '../../../shared/locale';
import { useFormats, useMe } from '../../api/session';

export function PropertyDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const property = useProperty(id);
  const data = property.data;

  return (
    <PageShell
      title={data?.name ?? 'Property'}
      crumbs={[{ label: 'Properties', to: paths.properties() }, { label: data?.name ?? 'Property' }]}
      actions={
        <DetailActions
          edit={data?.can.edit ? paths.editProperty(id) : undefined}
          remove={
            data?.can.delete
              ? {
                  dialog: ({ opened, onClose }) => (
                    <DeletePropertyDialog
                      property={opened && data ? data : null}
                      onClose={onClose}
                      onDeleted={() => navigate(paths.properties(), { replace: true })}
                    />
                  ),
                }
              : undefined
          }
        />
      }
    >
      <DetailFrame query={property} loading="Loading property" notFound={PROPERTY_MESSAGES.notFound}>
        {(property) => (
          <Stack gap="lg">
            <PropertyFacts property={property} />
            <PropertyClientSection property={property} />
            <Group gap="xs">
              {property.can.scheduleVisit && (
                <Button component={Link} to={paths.newVisit(id)}>
                  Schedule Visit
                </Button>
              )}
              {property.can.scheduleVisit && (
                <Button component={Link} to={paths.newSeries(id)} variant="light">
                  Repeat Visits
                </Button>
              )}
              {property.can.manageTasks && (
                <Button component={Link} to={paths.propertyTasks(id)} variant="light">
                  Manage Tasks
                </Button>
              )}
            </Group>
            <PropertyTasksSection property={property} />
            <VisitHistorySection propertyId={id} />
            <PhotoPanel attachableType="property" attachableId={id} />
            <NotesPanel attachableType="property" attachableId={id} />
          </Stack>
        )}
      </DetailFrame>
    </PageShell>
  );
}

function PropertyFacts({ property }: { property: PropertyDetail }) {
  const formats = useFormats();
  const labels = addressLabels(useMe().data?.workspace?.country ?? DEFAULT_COUNTRY_CODE);
  return (
    <Card withBorder padding="md">
      <Facts
        facts={[
          ['Address', property.address],
          ['City', property.city ?? '—'],
          [labels.region, property.state ?? '—'],
          [labels.postalCode, property.zipCode ?? '—'],
          ['Country', property.country],
          ['Your role', <PropertyRoleBadge key="role" role={property.role} />],
          ['Created', formats.date(property.createdAt)],
        ]}
      />
    </Card>
  );
}
