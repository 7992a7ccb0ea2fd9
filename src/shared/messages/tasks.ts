// spec §8: the tasks messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/tasks.ts uses and re-exports them.
import { TEXT_LIMITS } from '../constants';
import { tooLong } from './text';

export const TASK_MESSAGES = {
  nameRequired: 'Task name is required',
  nameTooLong: tooLong('Task name', TEXT_LIMITS.name),
  durationInvalid: 'Duration must be a whole number of minutes, 0 or more',
  saveFailed: 'Failed to save task',
  notFound: 'Task not found',
  deleteError: 'Error deleting task',
  creatorOnly: 'Only owners and managers may change the catalogue',
  selectProperties: 'Please select at least one property',
  // Evidence requirements.
  requirementType: 'A requirement must be photo, before_after, reading, pass_fail or note',
  requirementTwice: 'Each requirement may be given once',
  photoMin: 'Number of photos must be a whole number from 1 to 20',
  unitRequired: 'Unit is required',
  unitTooLong: 'Unit must be at most 20 characters',
  rangeInverted: 'Maximum must be at least the minimum',
  timeReportOfficeOnly: 'Only owners and managers can see the time report',
} as const;
