import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { VISIT_REPORT_MESSAGES } from '../../../shared/schemas/visit-report';
import { errorMessage } from '../../api/http';
import { useSendVisitReport } from '../../api/visit-report';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * 'Send report': asks first (it e-mails the client), then says 'Report sent'. Owners and
 * managers only; the server refuses anyone else, and a property without a client's e-mail (409).
 */
export function SendReportButton({ visitId, variant = 'light' }: { visitId: string; variant?: 'light' | 'filled' }) {
  const send = useSendVisitReport(visitId);
  const [asking, setAsking] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setAsking(true)}>
        Send report
      </Button>
      {sent && (
        // Text, not Notice: a chunk of its own for Notice would cost /login its budget (bundle-budget.spec.ts).
        <Text role="status" size="sm" fw={600} c="green.9">
          {VISIT_REPORT_MESSAGES.sent}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title="Send report"
        confirmLabel="Send report"
        busyLabel="Sending..."
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setSent(false);
          await send.mutateAsync();
          setSent(true);
        }}
        describeError={(error) => VISIT_REPORT_MESSAGES.sendFailed(errorMessage(error, 'unknown error'))}
      >
        The visit report will be e-mailed to the client, with the PDF attached.
      </ConfirmDialog>
    </>
  );
}
