import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { errorMessage } from '../../api/http';
import { usePortalSignIns, useRevokePortalAccess, useSendPortalLink } from '../../api/client-portal';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import { ListFrame } from '../../components/page-frames';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';

/** The client page's 'Client portal': send a link, revoke access, the sign-ins. */
export function ClientPortalSection({ clientId }: { clientId: string }) {
  const send = useSendPortalLink(clientId);
  const revoke = useRevokePortalAccess(clientId);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const [revoking, setRevoking] = useState(false);

  async function sendLink() {
    setNotice(null);
    try {
      const { email } = await send.mutateAsync();
      setNotice({ color: 'green', text: PORTAL_MESSAGES.linkSent(email) });
    } catch (error) {
      setNotice({ color: 'red', text: errorMessage(error, 'Failed to send the portal link') });
    }
  }

  return (
    <Section title={PORTAL_MESSAGES.sectionTitle}>
      <Stack gap="sm">
        <Group gap="sm">
          <Button onClick={() => void sendLink()} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : PORTAL_MESSAGES.sendLink}
          </Button>
          <Button color="red" variant="light" onClick={() => setRevoking(true)}>
            {PORTAL_MESSAGES.revoke}
          </Button>
        </Group>
        {notice?.color === 'red' && <ErrorBox>{notice.text}</ErrorBox>}
        {notice?.color === 'green' && (
          <Text role="status" size="sm" fw={600}>
            {notice.text}
          </Text>
        )}
        <SignIns clientId={clientId} />
      </Stack>
      <ConfirmDialog
        opened={revoking}
        title={PORTAL_MESSAGES.revoke}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        onClose={() => setRevoking(false)}
        onConfirm={async () => {
          await revoke.mutateAsync();
          setNotice({ color: 'green', text: PORTAL_MESSAGES.revoked });
        }}
      >
        <Text size="sm">{PORTAL_MESSAGES.revokeConfirm}</Text>
      </ConfirmDialog>
    </Section>
  );
}

function SignIns({ clientId }: { clientId: string }) {
  const formats = useFormats();
  const [offset, setOffset] = useState(0);
  const signIns = usePortalSignIns(clientId, offset);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {PORTAL_MESSAGES.signIns}
      </Text>
      <ListFrame
        query={signIns}
        loading="Loading portal sign-ins"
        failed="Failed to load portal sign-ins"
        empty={<Text size="sm">{PORTAL_MESSAGES.noSignIns}</Text>}
        pages={{
          offset,
          pageSize: DEFAULT_PAGE_SIZE,
          onPage: (page) => setOffset((page - 1) * DEFAULT_PAGE_SIZE),
          noun: 'sign-ins',
        }}
      >
        {(items) => (
          <Table aria-label={PORTAL_MESSAGES.signIns}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>IP address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((signIn) => (
                <Table.Tr key={signIn.id}>
                  <Table.Td>{formats.dateTime(signIn.signedInAt)}</Table.Td>
                  <Table.Td>{signIn.ipAddress ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ListFrame>
    </Stack>
  );
}
