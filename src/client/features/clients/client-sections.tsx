import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, type VisitWhen } from '../../../shared/constants';
import { fullAddress } from '../../../shared/place';
import { useInvoices } from '../../api/invoices';
import { useProperties } from '../../api/properties';
import { useVisits } from '../../api/visits';
import { ContactActions } from '../../components/contact-actions';
import { ListFrame } from '../../components/page-frames';
import { QueryView } from '../../components/query-view';
import { Section } from '../../components/section';
import { StatusBadge } from '../../components/status-badge';
import { paths } from '../../paths';
import { useFormats } from '../../api/session';

const plainList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The client's properties, each with Directions. */
export function ClientPropertiesSection({ clientId }: { clientId: string }) {
  const [offset, setOffset] = useState(0);
  const properties = useProperties({ clientId, offset });
  return (
    <Section
      title="Properties"
      action={
        <Anchor component={Link} to={paths.newProperty()} size="sm">
          New Property
        </Anchor>
      }
    >
      <ListFrame
        query={properties}
        loading="Loading properties"
        failed="Failed to load properties"
        empty={
          <Text size="sm" c="dimmed">
            No properties yet. Choose this client on a property’s form.
          </Text>
        }
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'properties',
        }}
      >
        {(items) => (
          <Stack gap="xs" component="ul" style={plainList} aria-label="Properties">
            {items.map((property) => (
              <Group key={property.id} component="li" justify="space-between" gap="xs">
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={paths.property(property.id)} size="sm" fw={600}>
                    {property.name}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {fullAddress(property)}
                  </Text>
                </Stack>
                <ContactActions place={{ name: property.name, address: fullAddress(property) }} />
              </Group>
            ))}
          </Stack>
        )}
      </ListFrame>
    </Section>
  );
}

/** The visits at the client's properties: upcoming (soonest first) or past (latest first). */
export function ClientVisitsSection({
  clientId,
  when,
}: {
  clientId: string;
  when: Extract<VisitWhen, 'upcoming' | 'past'>;
}) {
  const formats = useFormats();
  const [offset, setOffset] = useState(0);
  const visits = useVisits({ clientId, when, offset });
  const title = when === 'upcoming' ? 'Upcoming visits' : 'Past visits';
  return (
    <Section title={title}>
      <ListFrame
        query={visits}
        loading="Loading visits"
        failed="Failed to load visits"
        empty={
          <Text size="sm" c="dimmed">
            {when === 'upcoming' ? 'No upcoming visits.' : 'No past visits.'}
          </Text>
        }
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'visits',
        }}
      >
        {(items) => (
          <Stack gap="xs" component="ul" style={plainList} aria-label={title}>
            {items.map((visit) => (
              <Group key={visit.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Anchor component={Link} to={paths.visit(visit.id)} size="sm">
                    {formats.dateTime(visit.scheduledAt)}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {visit.property.name}
                  </Text>
                </Stack>
                <StatusBadge kind="visit" value={visit.status} />
              </Group>
            ))}
          </Stack>
        )}
      </ListFrame>
    </Section>
  );
}

const INVOICES_SHOWN = 50;

/** The client's invoices (the latest 50) and the balance due over them. */
export function ClientInvoicesSection({ clientId }: { clientId: string }) {
  const formats = useFormats();
  const invoices = useInvoices({ clientId, offset: 0, limit: INVOICES_SHOWN });
  return (
    <Section title="Invoices">
      <QueryView query={invoices} loading="Loading invoices" size="sm">
        {(data) =>
          data.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invoices yet.
            </Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Balance due: {formats.money(data.items.reduce((sum, invoice) => sum + invoice.balanceDue, 0))}
              </Text>
              <Stack gap="xs" component="ul" style={plainList} aria-label="Invoices">
                {data.items.map((invoice) => (
                  <Group key={invoice.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                    <Stack gap={0} miw={0}>
                      <Anchor component={Link} to={paths.invoice(invoice.id)} size="sm">
                        {invoice.invoiceNumber}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {invoice.propertyName} · {formats.date(invoice.createdAt)}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{formats.money(invoice.total)}</Text>
                      <StatusBadge kind="invoice" value={invoice.status} />
                    </Group>
                  </Group>
                ))}
              </Stack>
              {data.total > data.items.length && (
                <Text size="xs" c="dimmed">
                  The latest {data.items.length} of {data.total} invoices.
                </Text>
              )}
            </Stack>
          )
        }
      </QueryView>
    </Section>
  );
}
