import { z } from 'zod';
import { TEXT_LIMITS } from '../constants';
import { optionalText, pageQuery } from './common';
import { dollarsField, optionalCents } from './money';
import { TASK_MESSAGES } from '../messages/tasks';
import type { Requirement } from '../evidence';

// spec §5 (task rules), §8 (messages) and the task endpoints of docs/api.md.

const name = z
  .string(TASK_MESSAGES.nameRequired)
  .trim()
  .min(1, TASK_MESSAGES.nameRequired)
  .max(TEXT_LIMITS.name, TASK_MESSAGES.nameTooLong);
const duration = z
  .number(TASK_MESSAGES.durationInvalid)
  .int(TASK_MESSAGES.durationInvalid)
  .min(0, TASK_MESSAGES.durationInvalid)
  .max(100_000, TASK_MESSAGES.durationInvalid);

const finite = (label: string) => z.number(`${label} must be a number`).finite(`${label} must be a number`);

/** One evidence requirement of a template (shared/evidence.ts `Requirement`). */
export const requirement = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('photo'),
      min: z
        .number(TASK_MESSAGES.photoMin)
        .int(TASK_MESSAGES.photoMin)
        .min(1, TASK_MESSAGES.photoMin)
        .max(20, TASK_MESSAGES.photoMin),
    }),
    z.object({ type: z.literal('before_after') }),
    z
      .object({
        type: z.literal('reading'),
        unit: z
          .string(TASK_MESSAGES.unitRequired)
          .trim()
          .min(1, TASK_MESSAGES.unitRequired)
          .max(20, TASK_MESSAGES.unitTooLong),
        min: finite('Minimum'),
        max: finite('Maximum'),
      })
      .refine((reading) => reading.max >= reading.min, { message: TASK_MESSAGES.rangeInverted, path: ['max'] }),
    z.object({ type: z.literal('pass_fail') }),
    z.object({ type: z.literal('note') }),
  ],
  { error: TASK_MESSAGES.requirementType },
);

/** A template's requirements: each type at most once. */
export const requirements = z
  .array(requirement, TASK_MESSAGES.requirementType)
  .max(5)
  .refine((list) => new Set(list.map((item) => item.type)).size === list.length, TASK_MESSAGES.requirementTwice)
  .transform((list): Requirement[] => list);

/** `POST /api/tasks` and `PATCH /api/tasks/:id`: price in cents; null duration or price allowed. */
export const taskInput = z.object({
  name,
  description: optionalText(TEXT_LIMITS.description, 'Description'),
  estimatedDurationMinutes: duration.nullish().transform((value) => value ?? null),
  defaultPrice: optionalCents,
  /** The evidence a visit task of this template needs; left out, none (on create) or unchanged. */
  requirements: requirements.optional(),
});
export type TaskInput = z.output<typeof taskInput>;

/**
 * The task form's text fields (duration in minutes, price in dollars, step 0.01) into a
 * `taskInput` body. spec §5: an empty duration or price becomes null.
 */
export const taskForm = z.object({
  name,
  description: z.string(),
  estimatedDurationMinutes: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d+$/.test(value), TASK_MESSAGES.durationInvalid)
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(duration.nullable()),
  defaultPrice: dollarsField,
  requirements: requirements.default([]),
});
export type TaskFormValues = z.input<typeof taskForm>;

/** `GET /api/tasks?q=&limit=&offset=`: q searches name and description. */
export const listTasksQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => value || undefined),
});
export type ListTasksQuery = z.input<typeof listTasksQuery>;

/** `POST /api/tasks/:id/assign`: add the template to several properties at once. */
export const assignTaskInput = z.object({
  propertyIds: z.array(z.uuid(), TASK_MESSAGES.selectProperties).min(1, TASK_MESSAGES.selectProperties).max(100),
  customPrice: optionalCents,
});
export type AssignTaskInput = z.input<typeof assignTaskInput>;

// ── response shapes ──

export interface TaskCan {
  edit: boolean;
  delete: boolean;
  /** A technician sees no price: `defaultPrice` is null for them. */
  seePrices: boolean;
}

export { TASK_MESSAGES };

/** `GET /api/tasks/time-report?limit=&offset=` items, one per template (owners and managers). */
export interface TimeReportItemDto {
  taskId: string;
  name: string;
  /** The template's current estimate, minutes. */
  estimatedMinutes: number | null;
  /** Completed visit tasks of the last 90 days measured (their visit was started). */
  measured: number;
  /** The median of their actual minutes. */
  medianMinutes: number;
}
