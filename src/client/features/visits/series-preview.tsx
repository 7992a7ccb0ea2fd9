import { Card, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { PreviewSeriesInput } from '../../../shared/schemas/series';
import { describeRule } from '../../../shared/series-words';
import { formatsFor } from '../../../shared/formats';
import { errorMessage } from '../../api/http';
import { useSeriesPreview } from '../../api/series';
import { Loading } from '../../components/loading';
import { useFormats } from '../../api/session';

const PREVIEW_COUNT = 10;

/** The rule in words ('Every 2 weeks on Monday and Thursday, 10 times') and its next dates, in the series' zone. */
export function SeriesPreview({ input }: { input: Omit<PreviewSeriesInput, 'count'> | null }) {
  const headingId = useId();
  const preview = useSeriesPreview(input ? { ...input, count: PREVIEW_COUNT } : null);
  const timeZone = input?.timeZone;
  const business = useFormats();
  // The dates in the series' own zone (named below), written as the business writes them.
  const format = timeZone ? formatsFor({ ...business.locality, timeZone }) : business;

  return (
    <Card withBorder component="section" aria-labelledby={headingId} padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          Next visits
        </Title>
        {!input ? (
          <Text size="sm" c="dimmed">
            Choose the first date and time to see the dates.
          </Text>
        ) : preview.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(preview.error, 'This repeat rule is not valid')}
          </Text>
        ) : !preview.data ? (
          <Loading size="sm" label="Loading the dates" />
        ) : (
          <>
            <Text fw={600} data-testid="series-words" aria-live="polite">
              {describeRule(input.rrule, input.timeZone, business.locality.locale) || preview.data.description}
            </Text>
            {/* A plain list: Mantine's List is a chunk of its own, which took the series pages over budget. */}
            <Stack component="ul" gap={2} m={0} pl="md" aria-label="Next dates" aria-busy={preview.isFetching}>
              {preview.data.occurrences.map((instant) => (
                <Text component="li" size="sm" key={instant}>
                  {format.dateTime(instant)}
                </Text>
              ))}
            </Stack>
            {timeZone && (
              <Text size="xs" c="dimmed">
                Times in {timeZone}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
