import { Button, Group, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ETA_MINUTES } from '../../../../shared/notifications';
import { enqueue, useOutbox } from '../../../api/outbox';
import { onMyWayChange, type VisitDetail } from '../../../api/visits';
import { useFormats } from '../../../api/session';

// 'On my way': on a scheduled visit's card, the technician picks when they expect to
// arrive; the client is told (by the server) once the outbox sends it, offline or not. The card
// then says when they will arrive: the server's time once it has answered, till then the phone's.

/** A 44 px target: tapped with a thumb in the field. */
const TARGET = { minHeight: 44 };

export function OnMyWay({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const [picking, setPicking] = useState(false);
  const labelId = useId();
  const waiting = useOutbox().some(
    (item) => item.change.kind === 'onMyWay' && item.change.visitId === visit.id && item.state === 'pending',
  );
  if (visit.onMyWayAt && visit.etaAt) {
    return (
      <Group gap={6} wrap="nowrap" role="status">
        <IconCar size={18} aria-hidden />
        <Text size="sm" fw={500}>
          On my way · arriving about {formats.time(visit.etaAt)}
          {waiting ? ' (waiting to send)' : ''}
        </Text>
      </Group>
    );
  }
  if (visit.status !== 'scheduled' || !visit.can.tickTasks) return null;
  if (!picking) {
    return (
      <Button
        variant="light"
        fullWidth
        style={TARGET}
        leftSection={<IconCar size={18} aria-hidden />}
        onClick={() => setPicking(true)}
      >
        On my way
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        Arriving in about
      </Text>
      <Group gap="xs" grow>
        {ETA_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            variant="default"
            style={TARGET}
            // Four to a row on a 390 px phone: a narrower padding keeps '15 min' whole.
            px="xs"
            onClick={() => {
              setPicking(false);
              void enqueue(onMyWayChange(visit, minutes));
            }}
          >
            {minutes} min
          </Button>
        ))}
      </Group>
      <Button variant="subtle" fullWidth mt={4} style={TARGET} onClick={() => setPicking(false)}>
        Cancel
      </Button>
    </div>
  );
}
