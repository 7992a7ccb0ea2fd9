import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { VISIT_TASK_STATUSES, type VisitTaskStatus } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { VISIT_MESSAGES, type VisitDetailDto, type VisitTaskDto } from '../../../shared/schemas/visits';
import { errorMessage } from '../../api/http';
import { formatDateTime } from '../../lib/datetime';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import {
  useAddVisitUser,
  useCandidates,
  useDeleteVisit,
  useRemoveVisitUser,
  useUpdateVisitTask,
  useVisit,
} from './api';
import { fullAddress, personName, VISIT_TASK_STATUS_LABELS, VisitStatusBadge } from './visit-format';

/** /resources/visits/{id} (spec §2 Visits). */
export function VisitDetailPage() {
  const id = useParams().id ?? '';
  const visit = useVisit(id);
  const crumbs = [{ label: 'Visits', to: paths.visits() }, { label: 'Visit Details' }];

  if (visit.isPending) {
    return (
      <PageShell title="Visit Details" crumbs={crumbs}>
        <PageLoader />
      </PageShell>
    );
  }
  if (visit.isError) {
    return (
      <PageShell title="Visit Details" crumbs={crumbs}>
        <ErrorBox>{`Error: ${errorMessage(visit.error, VISIT_MESSAGES.notFound)}`}</ErrorBox>
      </PageShell>
    );
  }
  return <VisitDetail visit={visit.data} crumbs={crumbs} />;
}

function VisitDetail({ visit, crumbs }: { visit: VisitDetailDto; crumbs: { label: string; to?: string }[] }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <PageShell
      title="Visit Details"
      crumbs={crumbs}
      actions={
        <>
          <Button component={Link} to={paths.editVisit(visit.id)} variant="default">
            Edit
          </Button>
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </>
      }
    >
      <Stack gap="lg">
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
                <VisitStatusBadge status={visit.status} />
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <Field label="Scheduled" value={formatDateTime(visit.scheduledAt)} />
              <Field label="Started" value={formatDateTime(visit.startedAt)} />
              <Field label="Completed" value={formatDateTime(visit.completedAt)} />
            </SimpleGrid>
            <Group gap="xs" mt="xs">
              <Button component={Link} to={paths.visitTasks(visit.id)} variant="light">
                Manage Tasks
              </Button>
              <Button component={Link} to={paths.newInvoice(visit.id)} variant="light">
                Create Invoice
              </Button>
            </Group>
          </Stack>
        </Card>

        <TasksSection visit={visit} />
        <PeopleSection visit={visit} />
        <InvoicesSection visit={visit} />

        {/* The photos and notes panels arrive with their own issue. */}
        <section aria-labelledby="visit-photos-heading">
          <Title order={2} size="h4" id="visit-photos-heading" mb="xs">
            Photos
          </Title>
          <Text size="sm" c="dimmed">
            Photos of this visit will appear here.
          </Text>
        </section>
        <section aria-labelledby="visit-notes-heading">
          <Title order={2} size="h4" id="visit-notes-heading" mb="xs">
            Notes
          </Title>
          <Text size="sm" c="dimmed">
            Notes on this visit will appear here.
          </Text>
        </section>
      </Stack>
      <DeleteVisitModal visitId={visit.id} opened={deleting} onClose={() => setDeleting(false)} />
    </PageShell>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed" aria-hidden>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

function TasksSection({ visit }: { visit: VisitDetailDto }) {
  const [statusError, setStatusError] = useState<string | null>(null);
  const completed = visit.tasks.filter((task) => task.status === 'completed').length;

  return (
    <section aria-labelledby="visit-tasks-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="visit-tasks-heading">
          Tasks
        </Title>
        {visit.tasks.length > 0 && (
          <Text size="sm" c="dimmed">
            {completed} of {visit.tasks.length} completed
          </Text>
        )}
      </Group>
      {statusError && <ErrorBox>{statusError}</ErrorBox>}
      {visit.tasks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No tasks on this visit yet. Use Manage Tasks to add some.
        </Text>
      ) : (
        <Stack gap="sm" mt="xs">
          {visit.tasks.map((task) => (
            <TaskCard key={task.id} visitId={visit.id} task={task} onStatusError={setStatusError} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** One task with its own status mutation, so quick changes to several tasks each keep their busy state and error. */
function TaskCard({
  visitId,
  task,
  onStatusError,
}: {
  visitId: string;
  task: VisitTaskDto;
  onStatusError: (message: string | null) => void;
}) {
  const updateTask = useUpdateVisitTask(visitId);

  function changeStatus(status: VisitTaskStatus) {
    onStatusError(null);
    updateTask.mutate(
      { id: task.id, status },
      { onError: (error) => onStatusError(VISIT_MESSAGES.taskStatusFailed(errorMessage(error, 'unknown error'))) },
    );
  }

  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={600}>{task.name}</Text>
            <Text size="sm" c="dimmed">
              {formatMoney(task.price)}
              {task.completedAt ? ` · completed ${formatDateTime(task.completedAt)}` : ''}
            </Text>
          </Stack>
          <NativeSelect
            aria-label={`Status of ${task.name}`}
            data={VISIT_TASK_STATUSES.map((value) => ({ value, label: VISIT_TASK_STATUS_LABELS[value] }))}
            value={task.status}
            disabled={updateTask.isPending}
            onChange={(event) => changeStatus(event.currentTarget.value as VisitTaskStatus)}
            w={150}
          />
        </Group>
        <TaskNote visitId={visitId} task={task} />
      </Stack>
    </Card>
  );
}

function TaskNote({ visitId, task }: { visitId: string; task: VisitTaskDto }) {
  const updateTask = useUpdateVisitTask(visitId);
  const [note, setNote] = useState(task.notes ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const changed = note.trim() !== (task.notes ?? '');
  return (
    <Stack gap={4}>
      <Textarea
        aria-label={`Note for ${task.name}`}
        placeholder="Add a note for this task"
        autosize
        minRows={1}
        maxRows={6}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={failure}
      />
      {changed && (
        <Group gap="xs">
          <Button
            size="xs"
            disabled={updateTask.isPending}
            onClick={() => {
              setFailure(null);
              updateTask.mutate(
                { id: task.id, notes: note },
                { onError: (error) => setFailure(errorMessage(error, 'Failed to save note')) },
              );
            }}
          >
            {updateTask.isPending ? 'Saving...' : 'Save note'}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setNote(task.notes ?? '')}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function PeopleSection({ visit }: { visit: VisitDetailDto }) {
  const candidates = useCandidates(visit.id, visit.canManagePeople);
  const addUser = useAddVisitUser(visit.id);
  const removeUser = useRemoveVisitUser(visit.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(errorMessage(error, 'Failed to update the people on this visit'));

  return (
    <section aria-labelledby="visit-people-heading">
      <Title order={2} size="h4" id="visit-people-heading" mb="xs">
        People
      </Title>
      {failure && <ErrorBox>{failure}</ErrorBox>}
      <Stack gap={6} mt="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {visit.people.length === 0 && (
          <Text size="sm" c="dimmed" component="li">
            Nobody is assigned to this visit.
          </Text>
        )}
        {visit.people.map((person) => (
          <Group key={person.userId} component="li" justify="space-between" wrap="nowrap">
            <Group gap="xs" miw={0} wrap="nowrap">
              <Text size="sm" truncate="end">
                {personName(person)}
              </Text>
              <Badge variant="light" color={person.role === 'lead' ? 'blue' : 'gray'}>
                {person.role === 'lead' ? 'Lead' : 'Assistant'}
              </Badge>
            </Group>
            {visit.canManagePeople && person.role === 'assistant' && (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${personName(person)}`}
                disabled={removeUser.isPending}
                onClick={() => {
                  setFailure(null);
                  removeUser.mutate(person.userId, { onError });
                }}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {visit.canManagePeople && (
        <Group gap="xs" mt="sm" align="flex-end">
          <Select
            label="Add assistant"
            placeholder={candidates.data?.items.length === 0 ? 'No one else to add' : 'Select a person'}
            data={(candidates.data?.items ?? []).map((person) => ({
              value: person.userId,
              label: personName(person),
            }))}
            value={chosen}
            onChange={setChosen}
            disabled={!candidates.data || candidates.data.items.length === 0}
            style={{ flex: 1 }}
            miw={180}
          />
          <Button
            disabled={!chosen || addUser.isPending}
            onClick={() => {
              if (!chosen) return;
              setFailure(null);
              addUser.mutate(chosen, { onSuccess: () => setChosen(null), onError });
            }}
          >
            Add
          </Button>
        </Group>
      )}
    </section>
  );
}

function InvoicesSection({ visit }: { visit: VisitDetailDto }) {
  return (
    <section aria-labelledby="visit-invoices-heading">
      <Title order={2} size="h4" id="visit-invoices-heading" mb="xs">
        Related invoices
      </Title>
      {visit.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices for this visit yet.
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {visit.invoices.map((invoice) => (
            <Group key={invoice.id} component="li" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={paths.invoice(invoice.id)} size="sm">
                {invoice.invoiceNumber}
              </Anchor>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light">{invoice.status}</Badge>
                <Text size="sm">{formatMoney(invoice.total)}</Text>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}

function DeleteVisitModal({ visitId, opened, onClose }: { visitId: string; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const deleteVisit = useDeleteVisit(visitId);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Delete Visit" centered>
      <Stack gap="sm">
        <Text size="sm">Are you sure you want to delete this visit? This action cannot be undone.</Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={deleteVisit.isPending}
            onClick={() => {
              setFailure(null);
              deleteVisit.mutate(undefined, {
                onSuccess: () => navigate(paths.visits(), { replace: true }),
                onError: (error) => setFailure(VISIT_MESSAGES.deleteFailed(errorMessage(error, 'unknown error'))),
              });
            }}
          >
            {deleteVisit.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
