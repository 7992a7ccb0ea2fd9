import { Alert, Anchor, Button, Card, Checkbox, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { dollarsToCents, formatMoney } from '../../../shared/money';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import { errorMessage } from '../../api/http';
import { paths } from '../../paths';
import { ErrorBox } from '../../shell/error-box';
import { PageLoader } from '../../shell/page-loader';
import { PageShell } from '../../shell/page-shell';
import { PAGE_SIZE, useAssignTask, useTask, useTaskAssignments } from './api';

/** /resources/tasks/{id}/assign: add this template to several of the user's properties at once. */
export function AssignTaskPage() {
  const { id = '' } = useParams();
  const task = useTask(id);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const assignments = useTaskAssignments(id, q, offset);
  const assign = useAssignTask(id);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [customPrice, setCustomPrice] = useState('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const name = task.data?.name ?? 'Task';

  function toggle(propertyId: string, on: boolean) {
    setDone(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(propertyId);
      else next.delete(propertyId);
      return next;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    if (chosen.size === 0) return setFailure(TASK_MESSAGES.selectProperties);
    let cents: number | null;
    try {
      cents = dollarsToCents(customPrice);
      setPriceError(null);
    } catch {
      return setPriceError(TASK_MESSAGES.priceInvalid);
    }
    try {
      const result = await assign.mutateAsync({ propertyIds: [...chosen], customPrice: cents });
      setChosen(new Set());
      setDone(`Added ${name} to ${result.assigned} ${result.assigned === 1 ? 'property' : 'properties'}.`);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to assign the task'));
    }
  }

  return (
    <PageShell
      title="Assign to Properties"
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name, to: paths.task(id) }, { label: 'Assign' }]}
    >
      {task.isPending ? (
        <PageLoader />
      ) : task.isError ? (
        <ErrorBox>Error: {errorMessage(task.error, TASK_MESSAGES.notFound)}</ErrorBox>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Choose the properties that should get “{task.data.name}” (default price{' '}
              {formatMoney(task.data.defaultPrice)}).
            </Text>
            {done && (
              <Alert color="green" variant="light" role="status">
                {done}{' '}
                <Anchor component={Link} to={paths.task(id)} size="sm">
                  Back to the task
                </Anchor>
              </Alert>
            )}
            {failure && <ErrorBox>{failure}</ErrorBox>}
            <TextInput
              label="Search properties"
              type="search"
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setOffset(0);
              }}
            />
            {assignments.isPending ? (
              <Text size="sm" c="dimmed" role="status">
                Loading properties...
              </Text>
            ) : assignments.isError ? (
              <ErrorBox>Error: {errorMessage(assignments.error, 'Failed to load properties')}</ErrorBox>
            ) : assignments.data.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                {q ? `No properties match “${q}”.` : 'You have no properties yet.'}
              </Text>
            ) : (
              <Card withBorder padding="sm">
                <Stack gap="sm">
                  {assignments.data.items.map((property) => (
                    <Checkbox
                      key={property.propertyId}
                      label={property.name}
                      description={
                        property.assigned
                          ? `${property.address} · already assigned${property.customPrice === null ? '' : ` at ${formatMoney(property.customPrice)}`}`
                          : property.address
                      }
                      checked={property.assigned || chosen.has(property.propertyId)}
                      disabled={property.assigned}
                      onChange={(event) => toggle(property.propertyId, event.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Card>
            )}
            {assignments.data && assignments.data.total > PAGE_SIZE && (
              <Group justify="center">
                <Pagination
                  size="sm"
                  total={Math.ceil(assignments.data.total / PAGE_SIZE)}
                  value={offset / PAGE_SIZE + 1}
                  onChange={(page) => setOffset((page - 1) * PAGE_SIZE)}
                />
              </Group>
            )}
            <TextInput
              label="Custom price ($)"
              description="Optional; leave blank to use the default price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={customPrice}
              onChange={(event) => setCustomPrice(event.currentTarget.value)}
              error={priceError}
              maw={240}
            />
            <Group gap="xs">
              <Button type="submit" disabled={assign.isPending || chosen.size === 0}>
                {assign.isPending
                  ? 'Saving...'
                  : `Assign to ${chosen.size} ${chosen.size === 1 ? 'property' : 'properties'}`}
              </Button>
              <Button component={Link} to={paths.task(id)} variant="default">
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageShell>
  );
}
