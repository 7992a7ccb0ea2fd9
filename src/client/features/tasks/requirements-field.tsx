import { Checkbox, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  REQUIREMENT_LABELS,
  REQUIREMENT_TYPES,
  type Requirement,
  type RequirementType,
} from '../../../shared/evidence';
import type { FieldErrors } from '../../lib/form';

// The evidence a template asks of every visit task made from it. Each type once; a
// photo count and a reading's unit and range where they apply. Copied to properties and visits.

const FRESH: Record<RequirementType, Requirement> = {
  photo: { type: 'photo', min: 1 },
  before_after: { type: 'before_after' },
  reading: { type: 'reading', unit: '', min: 0, max: 0 },
  pass_fail: { type: 'pass_fail' },
  note: { type: 'note' },
};

/** A NumberInput's value as the number the schema checks (blank: not a number, so it says so). */
const asNumber = (value: string | number) => (value === '' ? Number.NaN : Number(value));

export function RequirementsField({
  value,
  errors,
  onChange,
}: {
  value: Requirement[];
  errors: FieldErrors;
  onChange: (next: Requirement[]) => void;
}) {
  const index = (type: RequirementType) => value.findIndex((requirement) => requirement.type === type);
  const errorOf = (type: RequirementType, key: string) => errors[`requirements.${index(type)}.${key}`];
  const toggle = (type: RequirementType, on: boolean) =>
    onChange(
      on
        ? REQUIREMENT_TYPES.flatMap((each) =>
            each === type ? [FRESH[type]] : value.filter((requirement) => requirement.type === each),
          )
        : value.filter((requirement) => requirement.type !== type),
    );
  const edit = (type: RequirementType, fields: Partial<Requirement>) =>
    onChange(
      value.map((requirement) =>
        requirement.type === type ? ({ ...requirement, ...fields } as Requirement) : requirement,
      ),
    );
  const photo = value.find((requirement) => requirement.type === 'photo');
  const reading = value.find((requirement) => requirement.type === 'reading');

  return (
    <Fieldset legend="Evidence required">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          What a visit needs from this task before it can be completed.
        </Text>
        {errors.requirements && (
          <Text size="sm" c="red.9" role="alert">
            {errors.requirements}
          </Text>
        )}
        {REQUIREMENT_TYPES.map((type) => (
          <Stack key={type} gap={6}>
            <Checkbox
              label={REQUIREMENT_LABELS[type]}
              checked={index(type) >= 0}
              onChange={(event) => toggle(type, event.currentTarget.checked)}
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
            />
            {type === 'photo' && photo?.type === 'photo' && (
              <NumberInput
                label="Minimum photos"
                min={1}
                max={20}
                allowDecimal={false}
                value={photo.min}
                error={errorOf('photo', 'min')}
                onChange={(next) => edit('photo', { min: asNumber(next) })}
                maw={200}
              />
            )}
            {type === 'reading' && reading?.type === 'reading' && (
              <Group gap="xs" align="flex-start">
                <TextInput
                  label="Unit"
                  placeholder="ppm"
                  value={reading.unit}
                  error={errorOf('reading', 'unit')}
                  onChange={(event) => edit('reading', { unit: event.currentTarget.value })}
                  w={110}
                />
                <NumberInput
                  label="Minimum"
                  value={Number.isNaN(reading.min) ? '' : reading.min}
                  error={errorOf('reading', 'min')}
                  onChange={(next) => edit('reading', { min: asNumber(next) })}
                  w={110}
                />
                <NumberInput
                  label="Maximum"
                  value={Number.isNaN(reading.max) ? '' : reading.max}
                  error={errorOf('reading', 'max')}
                  onChange={(next) => edit('reading', { max: asNumber(next) })}
                  w={110}
                />
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
    </Fieldset>
  );
}
