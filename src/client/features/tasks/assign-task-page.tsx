import { Alert, Anchor, Card, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { dollarsToCents } from '../../../shared/money';
import { TASK_MESSAGES } from '../../../shared/messages/tasks';
import { useAssignTask, useTask, useTaskAssignments } from '../../api/tasks';
import { ErrorBox } from '../../components/error-box';
import { ListFooter } from '../../components/list-footer';
import { FormActions, useSchemaForm } from '../../components/form';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { QueryView } from '../../components/query-view';
import { DetailFrame } from '../../components/page-frames';
import { useFormats } from '../../api/session';

const plural = (count: number) => `${count} ${count === 1 ? 'property' : 'properties'}`;

/** /resources/tasks/{id}/assign: add this template to several of the user's properties at once. */
export function AssignTaskPage() {
  const formats = useFormats();
  const { id = '' } = useParams();
  const task = useTask(id);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const assignments = useTaskAssignments(id, q, offset);
  const assign = useAssignTask(id);
  const [done, setDone] = useState<string | null>(null);
  const name = task.data?.name ?? 'Task';
  const form = useSchemaForm({
    initial: { propertyIds: [] as string[], customPrice: '' },
    // The schemas (and zod) load with the first form sent, not with the page. The price is typed
    // in dollars; the API takes cents.
    schema: () =>
      Promise.all([import('../../../shared/schemas/tasks'), import('../../../shared/schemas/money')]).then(
        ([tasks, money]) => tasks.assignTaskInput.extend({ customPrice: money.dollarsField }),
      ),
    failed: 'Failed to assign the task',
    async submit(_data, values) {
      const result = await assign.mutateAsync({
        propertyIds: values.propertyIds,
        customPrice: dollarsToCents(values.customPrice),
      });
      form.setValue('propertyIds', []);
      setDone(`Added ${name} to ${plural(result.assigned)}.`);
    },
  });
  const chosen = new Set(form.values.propertyIds);

  function toggle(propertyId: string, on: boolean) {
    setDone(null);
    const next = new Set(chosen);
    if (on) next.add(propertyId);
    else next.delete(propertyId);
    form.setValue('propertyIds', [...next]);
  }

  return (
    <PageShell
      title="Assign to Properties"
      crumbs={[{ label: 'Tasks', to: paths.tasks() }, { label: name, to: paths.task(id) }, { label: 'Assign' }]}
    >
      <DetailFrame query={task} loading="Loading task" notFound={TASK_MESSAGES.notFound}>
        {(template) => (
          <form onSubmit={form.onSubmit} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Choose the properties that should get “{template.name}” (default price{' '}
                {formats.money(template.defaultPrice)}).
              </Text>
              {done && (
                <Alert color="green" variant="light" role="status">
                  {done}{' '}
                  <Anchor component={Link} to={paths.task(id)} size="sm">
                    Back to the task
                  </Anchor>
                </Alert>
              )}
              {form.errors.propertyIds && <ErrorBox>{form.errors.propertyIds}</ErrorBox>}
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
                                ? `${property.address} · already assigned${property.customPrice === null ? '' : ` at ${formats.money(property.customPrice)}`}`
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
                label={`Custom price (${formats.currencySymbol})`}
                description="Optional; leave blank to use the default price"
                inputMode="decimal"
                {...form.field('customPrice')}
                maw={240}
              />
              <FormActions
                submit={`Assign to ${plural(chosen.size)}`}
                busy={form.busy}
                done={chosen.size === 0}
                failure={form.failure}
                cancel={paths.task(id)}
              />
            </Stack>
          </form>
        )}
      </DetailFrame>
    </PageShell>
  );
}
