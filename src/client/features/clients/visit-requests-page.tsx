import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { errorMessage } from '../../api/http';
import { useUpdateVisitRequest, useVisitRequests } from '../../api/client-portal';
import { ErrorBox } from '../../components/error-box';
import { ListFrame } from '../../components/page-frames';
import { paths } from '../../paths';
import { PageShell } from '../../shell/page-shell';
import { useFormats } from '../../api/session';
import type { ItemOf } from '../../api/contract';

type VisitRequest = ItemOf<'/visit-requests'>;

/**
 * /resources/requests: the clients' open visit requests, the longest waiting first.
 * 'Schedule visit' opens the new-visit form with the property chosen; saving it marks the request.
 */
export function VisitRequestsPage() {
  const [offset, setOffset] = useState(0);
  const requests = useVisitRequests(offset);
  return (
    <PageShell title={PORTAL_MESSAGES.requestsTitle} crumbs={[{ label: PORTAL_MESSAGES.requestsTitle }]}>
      <ListFrame
        query={requests}
        loading="Loading visit requests"
        failed="Failed to load visit requests"
        empty={<Text size="sm">{PORTAL_MESSAGES.noRequests}</Text>}
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'requests',
        }}
      >
        {(items) => (
          <Stack
            gap="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Visit requests"
          >
            {items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </Stack>
        )}
      </ListFrame>
    </PageShell>
  );
}

function RequestCard({ request }: { request: VisitRequest }) {
  const formats = useFormats();
  const update = useUpdateVisitRequest();
  const [failure, setFailure] = useState<string | null>(null);
  async function decline() {
    setFailure(null);
    try {
      await update.mutateAsync({ id: request.id, patch: { status: 'declined' } });
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to decline the request'));
    }
  }
  return (
    <Card withBorder component="li" aria-label={`${request.client.name}, ${request.property.name}`}>
      <Stack gap={4}>
        <Text fw={600}>
          {request.client.name} · {request.property.name}
        </Text>
        <Text size="sm">
          Preferred dates:{' '}
          {request.preferredDates.length > 0 ? request.preferredDates.map(formats.day).join(', ') : 'any'}
        </Text>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.message}
          </Text>
        )}
        <Text size="xs">Received {formats.dateTime(request.createdAt)}</Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={paths.newVisit(request.property.id, request.id)} size="sm">
            {PORTAL_MESSAGES.scheduleVisit}
          </Button>
          <Button variant="default" size="sm" onClick={() => void decline()} disabled={update.isPending}>
            {PORTAL_MESSAGES.decline}
          </Button>
        </Group>
        {failure && <ErrorBox>{failure}</ErrorBox>}
      </Stack>
    </Card>
  );
}
