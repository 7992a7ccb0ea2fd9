import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../../api/series';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Section } from '../../components/section';
import { QueryView } from '../../components/query-view';

const COPIED_MS = 2500;

/**
 * 'Subscribe in your calendar': the secret address of the user's visits as an
 * iCalendar feed, a Copy button, and Regenerate for when the address has leaked.
 */
export function CalendarFeedSection() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(null), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }

  return (
    <Section title={SERIES_MESSAGES.subscribe}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Add this address to Google Calendar, Apple Calendar or Outlook to see the visits you are assigned to, from 30
          days back to 90 days ahead. Anyone with the address can read them: keep it private.
        </Text>
        <QueryView
          query={feed}
          loading="Loading the calendar address"
          size="sm"
          fallback={SERIES_MESSAGES.feedNotFound}
        >
          {({ url }) => (
            <>
              <TextInput
                label="Calendar address"
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
              />
              <Group gap="sm">
                <Button variant="light" onClick={() => copy(url)}>
                  Copy
                </Button>
                <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                  Regenerate
                </Button>
                <Text size="sm" role="status" c={copied === 'failed' ? 'red.9' : undefined}>
                  {copied === 'yes'
                    ? 'Copied'
                    : copied === 'failed'
                      ? 'Could not copy: select the address and copy it'
                      : ''}
                </Text>
              </Group>
            </>
          )}
        </QueryView>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Regenerate calendar address"
        confirmLabel="Regenerate"
        busyLabel="Regenerating..."
        onClose={() => setConfirming(false)}
        onConfirm={() => regenerate.mutateAsync()}
      >
        The current address stops working at once: every calendar subscribed to it must be given the new one.
      </ConfirmDialog>
    </Section>
  );
}
