import { Checkbox, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import {
  ENDS,
  FREQUENCIES,
  WEEKDAY_NAMES,
  WEEKDAYS,
  weekdayOfMonthWords,
  type Frequency,
  type RepeatEnd,
  type RepeatRule,
  type Weekday,
} from './repeat-rule';

const UNITS: Record<Frequency, string> = {
  daily: 'days',
  weekly: 'weeks',
  'monthly-date': 'months',
  'monthly-weekday': 'months',
};

const END_LABELS: Record<RepeatEnd, string> = { never: 'Never', count: 'After a set number', until: 'On a date' };

/** A typed count as a whole number; 0 while the field is empty (the rule counts it as 1). */
const wholeNumber = (text: string) => Math.max(0, Math.floor(Number(text)) || 0);

/** How a series repeats: daily, weekly on chosen days or monthly; every N; and when it ends. */
export function RepeatFields({
  rule,
  startDate,
  onChange,
  error,
}: {
  rule: RepeatRule;
  /** The first visit's day ('YYYY-MM-DD'), which names the monthly choices; '' when not chosen. */
  startDate: string;
  onChange: (rule: RepeatRule) => void;
  error?: string;
}) {
  const set = (changes: Partial<RepeatRule>) => onChange({ ...rule, ...changes });
  const day = startDate ? Number(startDate.slice(8, 10)) : null;
  const labels: Record<Frequency, string> = {
    daily: 'Daily',
    weekly: 'Weekly',
    'monthly-date': day ? `Monthly on day ${day}` : 'Monthly on the same date',
    'monthly-weekday': startDate ? `Monthly on the ${weekdayOfMonthWords(startDate)}` : 'Monthly on the same weekday',
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap" align="flex-start">
        <NativeSelect
          label="Repeats"
          miw={200}
          data={FREQUENCIES.map((value) => ({ value, label: labels[value] }))}
          value={rule.frequency}
          onChange={(event) => set({ frequency: event.currentTarget.value as Frequency })}
          error={error}
        />
        <TextInput
          label={`Every how many ${UNITS[rule.frequency]}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          miw={160}
          value={rule.interval ? String(rule.interval) : ''}
          onChange={(event) => set({ interval: wholeNumber(event.currentTarget.value) })}
        />
      </Group>
      {rule.frequency === 'weekly' && (
        <Checkbox.Group
          label="On these days"
          description="None chosen: the weekday of the first visit"
          value={rule.weekdays}
          onChange={(value) => set({ weekdays: value as Weekday[] })}
        >
          <Group gap="sm" mt={4}>
            {WEEKDAYS.map((weekday) => (
              <Checkbox key={weekday} value={weekday} label={WEEKDAY_NAMES[weekday]} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      <Radio.Group label="Ends" value={rule.end} onChange={(value) => set({ end: value as RepeatEnd })}>
        <Group gap="md" mt={4}>
          {ENDS.map((end) => (
            <Radio key={end} value={end} label={END_LABELS[end]} />
          ))}
        </Group>
      </Radio.Group>
      {rule.end === 'count' && (
        <TextInput
          label="Number of visits"
          type="number"
          inputMode="numeric"
          min={1}
          max={500}
          maw={200}
          value={rule.count ? String(rule.count) : ''}
          onChange={(event) => set({ count: wholeNumber(event.currentTarget.value) })}
        />
      )}
      {rule.end === 'until' && (
        <TextInput
          label="Last day"
          type="date"
          maw={220}
          value={rule.until}
          onChange={(event) => set({ until: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}
