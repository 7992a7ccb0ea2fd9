import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Loading } from './loading';
import { Section } from './section';

const ClientMessagesList = lazy(() => import('./client-messages-list'));

/**
 * Issue 28: 'Messages to the client' on a visit or an invoice: what the client was e-mailed about
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
