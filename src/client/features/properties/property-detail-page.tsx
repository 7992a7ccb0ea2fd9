import { Anchor, Badge, Button, Card, Center, Group, Loader, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { VisitStatus } from '../../../shared/constants';
import { formatDuration } from '../../../shared/duration';
import { formatMoney } from '../../../shared/money';
import { PROPERTY_MESSAGES, type PropertyDetail } from '../../../shared/schemas/properties';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { usePropertyVisits, useProperty } from './api';
import { DeletePropertyModal } from './delete-property-modal';
import { PropertyPeopleSection } from './property-people-section';
import { RoleBadge } from './role-badge';
import { Section } from './section';

export function PropertyDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const property = useProperty(id);
  const [deleting, setDeleting] = useState(false);
  const data = property.data;

  return (
    <PageShell
      title={data?.name ?? 'Property'}
      crumbs={[{ label: 'Properties', to: paths.properties() }, { label: data?.name ?? 'Property' }]}
      actions={
        data?.canManage && (
          <>
            <Button component={Link} to={paths.editProperty(id)} variant="light">
              Edit
            </Button>
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )
      }
    >
      {property.isPending ? (
        <PageLoader />
      ) : property.isError ? (
        <ErrorBox>Error: {errorMessage(property.error, PROPERTY_MESSAGES.notFound)}</ErrorBox>
      ) : (
        <Stack gap="lg">
          <PropertyFacts property={property.data} />
          <Group gap="xs">
            <Button component={Link} to={paths.newVisit(id)}>
              Schedule Visit
            </Button>
            <Button component={Link} to={paths.propertyTasks(id)} variant="light">
              Manage Tasks
            </Button>
          </Group>
          <TasksSection property={property.data} />
          <VisitHistorySection propertyId={id} />
          <PropertyPeopleSection propertyId={id} canManage={property.data.canManage} />
          {/* The photos issue puts the photo panel (Add Photo, Take Photo, lightbox) here. */}
          <Section title="Photos">
            <Text size="sm" c="dimmed">
              Photos of this property are coming soon.
            </Text>
          </Section>
          {/* The notes issue puts the notes panel here. */}
          <Section title="Notes">
            <Text size="sm" c="dimmed">
              Notes on this property are coming soon.
            </Text>
          </Section>
        </Stack>
      )}
      <DeletePropertyModal
        property={deleting && data ? data : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(paths.properties(), { replace: true })}
      />
    </PageShell>
  );
}

function PropertyFacts({ property }: { property: PropertyDetail }) {
  const facts: [string, ReactNode][] = [
    ['Address', property.address],
    ['City', property.city ?? '—'],
    ['State', property.state ?? '—'],
    ['ZIP', property.zipCode ?? '—'],
    ['Country', property.country],
    ['Your role', <RoleBadge key="role" role={property.role} />],
    ['Created', new Date(property.createdAt).toLocaleDateString()],
  ];
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" style={{ margin: 0 }}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} aria-label={label}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function TasksSection({ property }: { property: PropertyDetail }) {
  return (
    <Section
      title="Tasks"
      action={
        <Anchor component={Link} to={paths.propertyTasks(property.id)} size="sm">
          Manage
        </Anchor>
      }
    >
      {property.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks yet. Use Manage Tasks to add task templates to this property.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Property tasks">
          {property.tasks.map((task) => (
            <Group key={task.id} component="li" justify="space-between" wrap="nowrap" gap="xs" aria-label={task.name}>
              <Anchor component={Link} to={paths.task(task.taskId)} size="sm" truncate="end">
                {task.name}
              </Anchor>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDuration(task.estimatedDurationMinutes)}
                </Text>
                <Text size="sm" fw={600}>
                  {formatMoney(task.price)}
                </Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

const STATUS_COLORS: Record<VisitStatus, string> = {
  scheduled: 'blue',
  in_progress: 'yellow',
  completed: 'green',
  cancelled: 'gray',
};

const VISITS_PAGE = 10;

function VisitHistorySection({ propertyId }: { propertyId: string }) {
  const [offset, setOffset] = useState(0);
  const visits = usePropertyVisits(propertyId, offset);
  return (
    <Section title="Visit history">
      {visits.isPending ? (
        <Center py="sm" role="status" aria-label="Loading visits">
          <Loader size="sm" />
        </Center>
      ) : visits.isError ? (
        <ErrorBox>Failed to load visits for this property</ErrorBox>
      ) : visits.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No visits yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Visits">
            {visits.data.items.map((visit) => (
              <Group key={visit.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Anchor component={Link} to={paths.visit(visit.id)} size="sm">
                  {new Date(visit.scheduledAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {visit.completedTaskCount} of {visit.taskCount} tasks completed
                  </Text>
                  <Badge color={STATUS_COLORS[visit.status]} variant="light" style={{ flexShrink: 0 }}>
                    {visit.status.replace('_', ' ')}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
          {visits.data.total > VISITS_PAGE && (
            <Group justify="center">
              <Pagination
                size="sm"
                total={Math.ceil(visits.data.total / VISITS_PAGE)}
                value={offset / VISITS_PAGE + 1}
                onChange={(page) => setOffset((page - 1) * VISITS_PAGE)}
              />
            </Group>
          )}
        </Stack>
      )}
    </Section>
  );
}
