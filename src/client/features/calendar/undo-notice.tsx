import { Button, Notification } from '@mantine/core';
import { useEffect } from 'react';
import classes from './calendar.module.css';

/** How long the 'Undo' of a move stays offered. */
export const UNDO_MS = 8000;

/** A notice at the bottom of the screen with an 'Undo' button; it goes away by itself. */
export function UndoNotice({
  message,
  onUndo,
  onClose,
  busy,
}: {
  message: string;
  onUndo: () => void;
  onClose: () => void;
  busy: boolean;
}) {
  useEffect(() => {
    if (busy) return;
    const timer = window.setTimeout(onClose, UNDO_MS);
    return () => window.clearTimeout(timer);
  }, [busy, onClose, message]);

  return (
    <div className={classes.notice} role="status">
      <Notification withBorder onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title={message}>
        <Button size="xs" variant="light" onClick={onUndo} disabled={busy} mt={4}>
          {busy ? 'Undoing...' : 'Undo'}
        </Button>
      </Notification>
    </div>
  );
}
