import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SERIES_SCOPE_LABELS, SERIES_SCOPES, type SeriesScope } from '../../../shared/messages/series';
import { errorMessage } from '../../api/http';
import { ErrorBox } from '../../components/error-box';
import { Dialog } from '../../components/overlays';

/**
 * Asks which visits of a series an edit or delete applies to: 'This visit', 'This and
 * following' or 'All visits in the series'. `onChoose` does the work; while it runs
 * the buttons wait, if it fails the dialog stays open and says why.
 */
export function SeriesScopeDialog({
  opened,
  title,
  question,
  destructive = false,
  onChoose,
  onClose,
  describeError = (error) => errorMessage(error, 'Something went wrong'),
}: {
  opened: boolean;
  title: string;
  question: string;
  destructive?: boolean;
  onChoose: (scope: SeriesScope) => Promise<unknown> | void;
  onClose: () => void;
  describeError?: (error: unknown) => string;
}) {
  const [busy, setBusy] = useState<SeriesScope | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(scope: SeriesScope) {
    setBusy(scope);
    setFailure(null);
    try {
      await onChoose(scope);
      setBusy(null);
    } catch (error) {
      setBusy(null);
      setFailure(describeError(error));
    }
  }

  function close() {
    if (busy) return;
    setFailure(null);
    onClose();
  }

  return (
    <Dialog opened={opened} onClose={close} title={title} centered>
      <Stack gap="sm">
        <Text size="sm">{question}</Text>
        {failure && <ErrorBox>{failure}</ErrorBox>}
        {SERIES_SCOPES.map((scope) => (
          <Button
            key={scope}
            variant={destructive ? 'light' : 'default'}
            color={destructive ? 'red' : undefined}
            onClick={() => choose(scope)}
            disabled={busy !== null}
            fullWidth
          >
            {busy === scope ? 'Working...' : SERIES_SCOPE_LABELS[scope]}
          </Button>
        ))}
        <Button variant="subtle" onClick={close} disabled={busy !== null}>
          Cancel
        </Button>
      </Stack>
    </Dialog>
  );
}
