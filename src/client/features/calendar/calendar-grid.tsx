import { Stack } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { errorMessage } from '../../api/http';
import { useRescheduleVisit, type VisitListItem } from '../../api/visits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBox } from '../../components/error-box';
import type { CalendarView } from './calendar-events';
import { UndoNotice } from './undo-notice';
import { VisitCalendar, type MovedVisit } from './visit-calendar';
import { useFormats } from '../../api/session';

const saveFailed = (error: unknown) => `${VISIT_MESSAGES.saveFailed}: ${errorMessage(error, 'unknown error')}`;

/**
 * The wide screen's calendar: the grid, and a visit dragged in it moved after a confirm step,
 * with 'Undo' offered for a few seconds afterwards. Loaded lazily, with FullCalendar.
 */
export function CalendarGrid(props: {
  visits: VisitListItem[];
  view: CalendarView;
  date: string | undefined;
  /** The grid's span, its view, and the business's day it opens on ('YYYY-MM-DD'). */
  onRangeChange: (range: { from: Date; to: Date; view: string; day: string }) => void;
  canMove: boolean;
}) {
  const formats = useFormats();
  const [move, setMove] = useState<MovedVisit | null>(null);
  const saved = useRef(false);
  const [undo, setUndo] = useState<MovedVisit | null>(null);
  const [undoFailure, setUndoFailure] = useState<string | null>(null);
  const reschedule = useRescheduleVisit();
  const closeUndo = useCallback(() => setUndo(null), [setUndo]);

  async function undoMove() {
    if (!undo) return;
    try {
      await reschedule.mutateAsync({ id: undo.id, scheduledAt: undo.from.toISOString() });
      setUndoFailure(null);
    } catch (error) {
      setUndoFailure(saveFailed(error));
    }
    setUndo(null);
  }

  return (
    <Stack gap="md">
      {undoFailure && <ErrorBox>{undoFailure}</ErrorBox>}
      <VisitCalendar {...props} onMove={setMove} />
      <ConfirmDialog
        opened={move !== null}
        title="Move visit"
        confirmLabel="Move"
        busyLabel="Moving..."
        onClose={() => {
          // Closed without the move saved: the visit goes back where it was.
          if (move && !saved.current) move.revert();
          saved.current = false;
          setMove(null);
        }}
        onConfirm={async () => {
          if (!move) return;
          await reschedule.mutateAsync({ id: move.id, scheduledAt: move.to.toISOString() });
          saved.current = true;
          setUndo(move);
          setUndoFailure(null);
        }}
        describeError={saveFailed}
      >
        {move
          ? `Move ${move.title} from ${formats.dateTime(move.from.toISOString())} to ${formats.dateTime(move.to.toISOString())}?`
          : ''}
      </ConfirmDialog>
      {undo && (
        <UndoNotice
          message={`Visit moved to ${formats.dateTime(undo.to.toISOString())}`}
          onUndo={undoMove}
          onClose={closeUndo}
          busy={reschedule.isPending}
        />
      )}
    </Stack>
  );
}
