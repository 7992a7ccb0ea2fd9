import { Checkbox, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MissingItem } from '../../../shared/evidence';
import { VISIT_STATUSES, type VisitStatus } from '../../../shared/constants';
import { VISIT_MESSAGES } from '../../../shared/messages/visits';
import { ApiError } from '../../api/http';
import { useMe } from '../../api/session';
import type { CreateVisitInput } from '../../../shared/schemas/visits';
import { CompleteAnywayDialog, MissingEvidence } from './visit-completion';
import { FormActions, useSchemaForm } from '../../components/form';
import { statusLabel } from '../../components/status-badge';
import { wallClockToInstant } from '../../lib/zoned-time';
import { PropertySelect } from '../../components/property-select';
import { AssigneesField } from './assignees-field';
import { useFormats } from '../../api/session';

export type VisitFormValues = {
  propertyId: string;
  /** The datetime-local input's value: "YYYY-MM-DDTHH:mm" on the business's clock (its time zone). */
  scheduledAt: string;
  status: VisitStatus;
  /** Who is on the visit, the lead first. */
  assigneeIds: string[];
};

type Values = VisitFormValues & { addPropertyTasks: boolean; assigneesTouched: boolean };

/** The new and edit visit form (spec §2, §4, §5): property, date and time, status, and who does it. */
export function VisitForm({
  initial,
  mode,
  cancelTo,
  onSubmit,
}: {
  initial: VisitFormValues;
  mode: 'create' | 'edit';
  cancelTo: string;
  onSubmit: (body: CreateVisitInput) => Promise<unknown>;
}) {
  // Made or set completed with evidence missing: the gate's list, as 'Complete visit' shows it, and
  // for owners and managers 'Complete anyway', which sends the same form again with their reason.
  const [refused, setRefused] = useState<{ body: CreateVisitInput; missing: MissingItem[] } | null>(null);
  const [anyway, setAnyway] = useState(false);
  const role = useMe().data?.workspace?.role;
  const office = role === 'owner' || role === 'manager';
  const send = async (body: CreateVisitInput) => {
    setRefused(null);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!(error instanceof ApiError && error.missing)) throw error;
      setRefused({ body, missing: error.missing });
    }
  };
  // The time is entered on the business's clock, wherever the person filling the form is.
  const { timeZone } = useFormats().locality;
  const form = useSchemaForm({
    // An edit sends who is on the visit only when it was changed: someone who has left the workspace
    // stays on a past visit until the office changes its people.
    initial: (): Values => ({ ...initial, addPropertyTasks: true, assigneesTouched: mode === 'create' }),
    // The schema (and zod) loads with the first form sent, not with the page.
    schema: () =>
      Promise.all([import('zod'), import('../../../shared/schemas/visits')]).then(([{ z }, m]) =>
        z.preprocess((v) => {
          const { assigneeIds, assigneesTouched, scheduledAt, ...rest } = v as Values;
          return {
            ...rest,
            scheduledAt: wallClockToInstant(scheduledAt, timeZone),
            ...(assigneesTouched ? { assigneeIds } : {}),
          };
        }, m.createVisitInput),
      ),
    failed: VISIT_MESSAGES.saveFailed,
    submit: (data) =>
      send({
        propertyId: data.propertyId,
        scheduledAt: data.scheduledAt.toISOString(),
        status: data.status,
        ...(mode === 'create' ? { addPropertyTasks: data.addPropertyTasks } : {}),
        ...(data.assigneeIds ? { assigneeIds: data.assigneeIds } : {}),
      }),
  });
  const { values, errors, setValue } = form;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="sm" maw={560}>
        <PropertySelect
          required
          value={values.propertyId || null}
          onChange={(value) => setValue('propertyId', value ?? '')}
          error={errors.propertyId}
        />
        <TextInput
          label="Scheduled date and time"
          description={`The business's time (${timeZone})`}
          type="datetime-local"
          required
          {...form.field('scheduledAt')}
        />
        <NativeSelect
          label="Status"
          data={VISIT_STATUSES.map((status) => ({ value: status, label: statusLabel('visit', status) }))}
          value={values.status}
          onChange={(event) => setValue('status', event.currentTarget.value as VisitStatus)}
          error={errors.status}
        />
        <AssigneesField
          value={values.assigneeIds}
          onChange={(assigneeIds) => {
            setValue('assigneesTouched', true);
            setValue('assigneeIds', assigneeIds);
          }}
          error={errors.assigneeIds}
        />
        {mode === 'create' && (
          <Checkbox
            label="Add the property's active tasks to this visit"
            checked={values.addPropertyTasks}
            onChange={(event) => setValue('addPropertyTasks', event.currentTarget.checked)}
          />
        )}
        {refused && (
          <MissingEvidence missing={refused.missing} onCompleteAnyway={office ? () => setAnyway(true) : undefined} />
        )}
        <FormActions
          submit={mode === 'create' ? 'Create Visit' : 'Update Visit'}
          busy={form.busy}
          failure={form.failure}
          cancel={cancelTo}
        />
      </Stack>
      {refused && (
        <CompleteAnywayDialog
          opened={anyway}
          onClose={() => setAnyway(false)}
          onConfirm={async (overrideReason) => {
            await onSubmit({ ...refused.body, overrideReason });
            setAnyway(false);
          }}
        />
      )}
    </form>
  );
}
