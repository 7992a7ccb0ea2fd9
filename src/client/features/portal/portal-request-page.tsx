import { Anchor, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { PORTAL_MESSAGES } from '../../../shared/messages/portal';
import { VISIT_REQUEST_LIMITS } from '../../../shared/notifications';
import { createVisitRequest, usePortalMe } from '../../api/portal';
import { FormActions, useSchemaForm } from '../../components/form';
import { DetailFrame } from '../../components/page-frames';
import { portalPaths } from './portal-paths';
import type { Get } from '../../api/contract';

type PortalMe = Get<'/portal/me'>;

/** /portal/request: 'Request a visit': the property (when there is a choice), up to 3 preferred dates, a message. */
export function PortalRequestPage() {
  const me = usePortalMe();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={portalPaths.home()} size="sm">
        Back to your visits
      </Anchor>
      <Title order={1} size="h3">
        {PORTAL_MESSAGES.requestVisit}
      </Title>
      <DetailFrame query={me} loading="Loading your properties" notFound={PORTAL_MESSAGES.notSignedIn}>
        {(me) => <RequestForm me={me} />}
      </DetailFrame>
    </Stack>
  );
}

function RequestForm({ me }: { me: PortalMe }) {
  const [sent, setSent] = useState(false);
  const form = useSchemaForm({
    initial: {
      propertyId: me.properties.length === 1 ? me.properties[0]!.id : '',
      date1: '',
      date2: '',
      date3: '',
      message: '',
    },
    schema: () => import('../../../shared/schemas/portal').then((m) => m.visitRequestInput),
    prepare: (values) => ({
      propertyId: values.propertyId,
      preferredDates: [values.date1, values.date2, values.date3].filter(Boolean),
      message: values.message,
    }),
    fields: { 'preferredDates.0': 'date1', 'preferredDates.1': 'date2', 'preferredDates.2': 'date3' },
    failed: 'Failed to send the request',
    submit: async (body) => {
      await createVisitRequest(body);
      setSent(true);
    },
  });
  if (sent) {
    return (
      <Text role="status" fw={600}>
        {PORTAL_MESSAGES.requestSent}
      </Text>
    );
  }
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="md">
        {me.properties.length > 1 && (
          <Select
            label="Property"
            required
            data={me.properties.map((property) => ({ value: property.id, label: property.name }))}
            {...form.field('propertyId')}
          />
        )}
        {(['date1', 'date2', 'date3'] as const).map((name, index) => (
          <TextInput key={name} type="date" label={`Preferred date ${index + 1}`} {...form.field(name)} />
        ))}
        <Textarea
          label="Message"
          autosize
          minRows={3}
          maxLength={VISIT_REQUEST_LIMITS.message}
          {...form.field('message')}
        />
        <FormActions
          submit="Send request"
          busyLabel="Sending..."
          busy={form.busy}
          failure={form.failure}
          cancel={portalPaths.home()}
        />
      </Stack>
    </form>
  );
}
