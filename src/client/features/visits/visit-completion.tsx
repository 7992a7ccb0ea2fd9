import { Alert, Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { describeNeeds, missingEvidence, type MissingItem } from '../../../shared/evidence';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { ApiError, errorMessage } from '../../api/http';
import { submit } from '../../api/outbox';
import { statusChange, type VisitDetail } from '../../api/visits';
import { Dialog } from '../../components/overlays';

// The completion gate on the phone: 'Complete visit' runs the shared rule
// (shared/evidence.ts) on what is on screen, queued evidence included, and lists what is missing
// per task instead of completing. The server runs the same rule and has the last word: its 409
// list is shown the same way. Owners and managers may 'Complete anyway' with a written reason.

/** 'Start visit' or 'Complete visit', for whoever may change the visit's status. */
export function VisitCompletion({ visit }: { visit: VisitDetail }) {
  const [asked, setAsked] = useState(false);
  const [refused, setRefused] = useState<MissingItem[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [anyway, setAnyway] = useState(false);
  if (!visit.can.changeStatus || (visit.status !== 'scheduled' && visit.status !== 'in_progress')) return null;

  const missing = missingEvidence({
    tasks: visit.tasks,
    requireSignature: visit.requireSignature,
    signed: visit.signature !== null,
  });
  const shown = refused ?? (asked ? missing : []);

  async function changeStatus(status: 'in_progress' | 'completed', overrideReason?: string) {
    setFailure(null);
    setRefused(null);
    setBusy(true);
    try {
      await submit(statusChange(visit, status, overrideReason));
      setAsked(false);
    } catch (error) {
      if (error instanceof ApiError && error.missing) setRefused(error.missing);
      else setFailure(errorMessage(error, 'Failed to change the visit'));
      throw error;
    } finally {
      setBusy(false);
    }
  }

  if (visit.status === 'scheduled') {
    return (
      <Stack gap={4}>
        <Button size="md" fullWidth disabled={busy} onClick={() => void changeStatus('in_progress').catch(() => {})}>
          Start visit
        </Button>
        {failure && (
          <Text size="sm" c="red.9" role="alert">
            {failure}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      <Button
        size="md"
        fullWidth
        disabled={busy}
        onClick={() => {
          setAsked(true);
          setRefused(null);
          if (missing.length === 0) void changeStatus('completed').catch(() => {});
        }}
      >
        {busy ? 'Completing...' : 'Complete visit'}
      </Button>
      {shown.length > 0 && (
        <MissingEvidence
          missing={shown}
          nameOf={(taskId) => taskName(visit, taskId)}
          onCompleteAnyway={visit.can.completeAnyway ? () => setAnyway(true) : undefined}
        />
      )}
      {asked && shown.length === 0 && missing.length === 0 && !busy && !failure && (
        <Text size="sm" c="dimmed">
          Everything required is in.
        </Text>
      )}
      {failure && (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      )}
      <CompleteAnywayDialog
        opened={anyway}
        onClose={() => setAnyway(false)}
        onConfirm={async (reason) => {
          await changeStatus('completed', reason);
          setAnyway(false);
        }}
      />
    </Stack>
  );
}

const taskName = (visit: VisitDetail, taskId: string) =>
  visit.tasks.find((task) => task.id === taskId)?.name ?? 'A task';

/**
 * What the gate found missing, per task, and 'Complete anyway' for the office (`onCompleteAnyway`
 * given): shown by 'Complete visit' and by the visit form when a visit is made or set completed.
 */
export function MissingEvidence({
  missing,
  nameOf = () => 'A task',
  onCompleteAnyway,
}: {
  missing: MissingItem[];
  /** A task's name on screen, when the server's answer did not name it. */
  nameOf?: (taskId: string) => string;
  onCompleteAnyway?: () => void;
}) {
  return (
    <Alert color="orange" variant="light" title="Not yet: evidence is missing" role="alert">
      {/* A plain list: Mantine's List would be a chunk of its own on the visit page and Today. */}
      <Stack component="ul" gap={2} m={0} pl="md">
        {missing.map((item) => (
          <Text component="li" size="sm" key={item.taskId ?? 'visit'}>
            {item.taskId
              ? `${item.taskName ?? nameOf(item.taskId)}: ${describeNeeds(item.needs)}`
              : describeNeeds(item.needs)}
          </Text>
        ))}
      </Stack>
      {onCompleteAnyway && (
        <Button mt="sm" variant="default" mih={44} onClick={onCompleteAnyway}>
          Complete anyway
        </Button>
      )}
    </Alert>
  );
}

/** 'Complete anyway': the owner's or manager's written reason, kept on the visit. */
export function CompleteAnywayDialog({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog opened={opened} onClose={onClose} title="Complete anyway">
      <Stack gap="sm">
        <Text size="sm">The reason is kept on the visit and shown on its report.</Text>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          value={reason}
          error={error}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Button
          mih={44}
          disabled={busy}
          onClick={() => {
            if (!reason.trim()) return setError(VISIT_MESSAGES.overrideReasonRequired);
            setError(null);
            setBusy(true);
            onConfirm(reason.trim())
              .catch((caught: unknown) => setError(errorMessage(caught, 'Failed to complete the visit')))
              .finally(() => setBusy(false));
          }}
        >
          {busy ? 'Completing...' : 'Complete anyway'}
        </Button>
      </Stack>
    </Dialog>
  );
}
