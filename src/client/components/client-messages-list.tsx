import { Badge, Stack, Table, Text } from '@mantine/core';
import { MESSAGE_KIND_LABELS, type MessageStatus } from '../../shared/notifications';
import { useClientMessages } from '../api/client-messages';
import { QueryView } from './query-view';
import { useFormats } from '../api/session';

const STATUS: Record<MessageStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Not sent', color: 'gray' },
  held: { label: 'Held', color: 'orange' },
};

/** The messages of a visit or an invoice, newest first (the section's lazily loaded part). */
export default function ClientMessagesList({ record }: { record: { kind: 'visit' | 'invoice'; id: string } }) {
  const formats = useFormats();
  const messages = useClientMessages(record);
  return (
    <QueryView query={messages} loading="Loading messages" size="sm" fallback="Failed to load messages">
      {(items) =>
        items.length === 0 ? (
          <Text size="sm">No messages yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" aria-label="Messages to the client">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Message</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>When</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((message, index) => (
                  <Table.Tr key={`${message.createdAt}-${index}`}>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm" fw={500}>
                          {MESSAGE_KIND_LABELS[message.kind]}
                        </Text>
                        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                          {message.to}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS[message.status].color} variant="light">
                        {STATUS[message.status].label}
                      </Badge>
                      {message.error && (
                        <Text size="xs" mt={4}>
                          {message.error}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formats.dateTime(message.sentAt ?? message.createdAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryView>
  );
}
