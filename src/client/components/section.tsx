import { Button, Card, Group, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Loading } from './loading';

/** A titled card of a detail page, labelled by its heading. */
export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

// Here rather than a file of its own, which on the visit page cost a chunk's import lines.
const ClientMessagesList = lazy(() => import('./client-messages-list'));

/**
 * 'Messages to the client' on a visit or an invoice: what the client was e-mailed about
 * it, and whether it went. Shown on request (the list's code loads then).
 */
export function ClientMessagesSection({ record }: { record: { kind: 'visit' | 'invoice'; id: string } }) {
  const [shown, setShown] = useState(false);
  return (
    <Section
      title="Messages to the client"
      action={
        <Button variant="default" size="xs" onClick={() => setShown((value) => !value)} aria-expanded={shown}>
          {shown ? 'Hide messages' : 'Show messages'}
        </Button>
      }
    >
      {shown ? (
        <Suspense fallback={<Loading label="Loading messages" size="sm" />}>
          <ClientMessagesList record={record} />
        </Suspense>
      ) : (
        <Text size="sm">E-mails the client was sent about this {record.kind}.</Text>
      )}
    </Section>
  );
}
