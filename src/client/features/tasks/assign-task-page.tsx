import { Alert, Anchor, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { formatMoney } from '../../../shared/money';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { errorMessage } from '../../api/http';
import { useAssignTask, useTask, useTaskAssignments } from '../../api/tasks';
import { ErrorBox } from '../../components/error-box';
import { ListFooter } from '../../components/list-footer';
import { validate } from '../../lib/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { QueryView } from '../../components/query-view';
import { DetailFrame } from '../../components/page-frames';

const plural = (count: number) => `${count} ${count === 1 ? 'property' : 'properties'}`;

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
    // The schema (and zod) loads with the first form sent, not with the page.
    const { dollarsField } = await import('../../../shared/schemas/money');
    const price = validate(dollarsField, customPrice);
    setPriceError(price.ok ? null : (Object.values(price.errors)[0] ?? null));
    if (!price.ok) return;
    try {
      const result = await assign.mutateAsync({ propertyIds: [...chosen], customPrice: price.data });
      setChosen(new Set());
      setDone(`Added ${name} to ${plural(result.assigned)}.`);
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to assign the task'));
    }
  }

  return (
    <PageShell
      title="Assign to Properties"
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name, to: paths.task(id) }, { label: 'Assign' }]}
    >
      <DetailFrame query={task} loading="Loading task" notFound={TASK_MESSAGES.notFound}>
        {(template) => (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Choose the properties that should get “{template.name}” (default price{' '}
                {formatMoney(template.defaultPrice)}).
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
              <QueryView query={assignments} loading="Loading properties" fallback="Failed to load properties">
                {({ items }) =>
                  items.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      {q ? `No properties match “${q}”.` : 'You have no properties yet.'}
                    </Text>
                  ) : (
                    <Card withBorder padding="sm">
                      <Stack gap="sm">
                        {items.map((property) => (
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
                  )
                }
              </QueryView>
              {assignments.data && (
                <ListFooter
                  total={assignments.data.total}
                  offset={offset}
                  pageSize={DEFAULT_PAGE_SIZE}
                  onPage={(page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE)}
                  noun="properties"
                />
              )}
              <TextInput
                label="Custom price ($)"
                description="Optional; leave blank to use the default price"
                inputMode="decimal"
                value={customPrice}
                onChange={(event) => setCustomPrice(event.currentTarget.value)}
                error={priceError}
                maw={240}
              />
              <Group gap="xs">
                <Button type="submit" disabled={assign.isPending || chosen.size === 0}>
                  {assign.isPending ? 'Saving...' : `Assign to ${plural(chosen.size)}`}
                </Button>
                <Button component={Link} to={paths.task(id)} variant="default">
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </DetailFrame>
    </PageShell>
  );
}
