import { Group, Stack, Text } from '@mantine/core';
import { Facts } from '../../components/facts';
import { Section } from '../../components/section';
import { useFormats } from '../../api/session';
import type { VisitDetail } from '../../api/visits';

/** When the visit was started and completed (local times), actual minutes against the estimate. */
export function VisitTimeSection({ visit }: { visit: VisitDetail }) {
  const formats = useFormats();
  const estimated = `Estimated: ${visit.estimatedMinutes} min`;
  if (visit.startedAt === null && visit.completedAt === null) {
    return (
      <Section title="Time on site">
        <Text size="sm">Not started yet</Text>
        <Text size="sm">{estimated}</Text>
      </Section>
    );
  }
  const actual =
    visit.actualMinutes !== null
      ? `Actual: ${visit.actualMinutes} min`
      : visit.completedAt === null
        ? 'In progress'
        : 'Actual: not measured (never started)';
  return (
    <Section title="Time on site">
      <Stack gap="xs">
        <Facts
          facts={[
            ['Started', formats.dateTime(visit.startedAt)],
            ['Completed', visit.completedAt ? formats.dateTime(visit.completedAt) : 'In progress'],
          ]}
        />
        <Group gap="lg">
          <Text size="sm" fw={600}>
            {actual}
          </Text>
          <Text size="sm">{estimated}</Text>
        </Group>
      </Stack>
    </Section>
  );
}
