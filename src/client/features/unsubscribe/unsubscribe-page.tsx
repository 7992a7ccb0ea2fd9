import { Alert, Button, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { CLIENT_MESSAGE_TEXTS } from '../../../shared/messages/client-messages';
import { useUnsubscribe, useUnsubscribeInfo } from '../../api/client-messages';
import { errorMessage } from '../../api/http';
import { AuthCard } from '../../components/auth-card';
import { Loading } from '../../components/loading';

/**
 * Where the unsubscribe link of a client's e-mail leads; no sign-in. One button
 * unsubscribes from every e-mail of that business, at once. (Mail programs' one-click
 * unsubscribe POSTs the same endpoint without this page.)
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const info = useUnsubscribeInfo(token);
  const unsubscribe = useUnsubscribe(token);
  const business = info.data?.business ?? '';

  return (
    <AuthCard
      title="Unsubscribe"
      subtitle={business ? `E-mails from ${business}` : 'E-mails about your visits and invoices'}
    >
      {info.isPending ? (
        <Loading label="Loading" />
      ) : info.isError ? (
        <Alert color="red" role="alert" variant="light">
          {CLIENT_MESSAGE_TEXTS.unsubscribeLinkInvalid}
        </Alert>
      ) : info.data.unsubscribed ? (
        <Alert color="green" role="status" variant="light">
          {CLIENT_MESSAGE_TEXTS.unsubscribed(business)}
        </Alert>
      ) : (
        <>
          <Text size="sm">
            Stop every e-mail {business} sends you about visits and invoices: confirmations, reminders, &apos;On my
            way&apos; and reports.
          </Text>
          {unsubscribe.isError && (
            <Alert color="red" role="alert" variant="light">
              {errorMessage(unsubscribe.error, 'Could not unsubscribe; please try again')}
            </Alert>
          )}
          <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()} fullWidth>
            Unsubscribe
          </Button>
        </>
      )}
    </AuthCard>
  );
}
