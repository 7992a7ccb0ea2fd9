// Proof of visit: what a task template requires as evidence, and the completion gate.
// The gate is one function, run by the client (instant, offline too) and by the server (the
// authority: `PATCH /api/visits/:id {status:'completed'}` answers 409 with its list).

export const PHOTO_TAGS = ['before', 'after', 'other'] as const;
export type PhotoTag = (typeof PHOTO_TAGS)[number];

export const INSPECTION_RESULTS = ['pass', 'fail'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

export const REQUIREMENT_TYPES = ['photo', 'before_after', 'reading', 'pass_fail', 'note'] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

/** One thing a template asks for; a template's list holds each type at most once. */
export type Requirement =
  | { type: 'photo'; min: number }
  | { type: 'before_after' }
  | { type: 'reading'; unit: string; min: number; max: number }
  | { type: 'pass_fail' }
  | { type: 'note' };

/** What a task (or the visit) still lacks before the visit may be completed. */
export type Need =
  | 'done'
  | 'photo'
  | 'before_photo'
  | 'after_photo'
  | 'reading'
  | 'reading_note'
  | 'pass_fail'
  | 'note'
  | 'skip_reason'
  | 'signature';

export const NEED_LABELS: Record<Need, string> = {
  done: 'Mark it done or skipped',
  photo: 'Take a photo',
  before_photo: 'Take before photo',
  after_photo: 'Take after photo',
  reading: 'Enter the reading',
  reading_note: 'Explain the out-of-range reading in a note',
  pass_fail: 'Choose Pass or Fail',
  note: 'Write a note',
  skip_reason: 'Give a reason for skipping',
  signature: "Customer's signature",
};

export const REQUIREMENT_LABELS: Record<RequirementType, string> = {
  photo: 'Photos',
  before_after: 'Before and after photos',
  reading: 'Reading',
  pass_fail: 'Pass / Fail',
  note: 'Note',
};

/** A visit task as far as the gate reads it. */
export interface EvidenceTask {
  id: string;
  status: 'pending' | 'in_progress' | 'completed' | 'skipped';
  requirements: readonly Requirement[];
  reading: number | null;
  result: InspectionResult | null;
  notes: string | null;
  /** Photos attached to this task, by tag. */
  photos: Readonly<Record<PhotoTag, number>>;
}

export interface MissingItem {
  /** Absent for the visit's own needs (the signature). */
  taskId?: string;
  /** The task's name, from the server: a visit refused as it is made has no tasks on the phone to name them. */
  taskName?: string;
  needs: Need[];
}

const hasText = (value: string | null) => value !== null && value.trim() !== '';

export const readingRequirement = (requirements: readonly Requirement[]) =>
  requirements.find(
    (requirement): requirement is Extract<Requirement, { type: 'reading' }> => requirement.type === 'reading',
  );

/** A reading outside its requirement's range: allowed, but flagged, and it asks for a note. */
export function readingOutOfRange(requirements: readonly Requirement[], reading: number | null): boolean {
  const requirement = readingRequirement(requirements);
  if (!requirement || reading === null) return false;
  return reading < requirement.min || reading > requirement.max;
}

/**
 * What one task still needs. A skipped task needs a reason (its note) and no evidence; a task not
 * yet done needs to be done, and whatever evidence is missing is listed with it. One note answers
 * both a note requirement and an out-of-range reading.
 */
export function taskNeeds(task: EvidenceTask): Need[] {
  if (task.status === 'skipped') return hasText(task.notes) ? [] : ['skip_reason'];
  const needs: Need[] = task.status === 'completed' ? [] : ['done'];
  const noted = hasText(task.notes);
  for (const requirement of task.requirements) {
    switch (requirement.type) {
      case 'photo':
        if (task.photos.before + task.photos.after + task.photos.other < requirement.min) needs.push('photo');
        break;
      case 'before_after':
        if (task.photos.before < 1) needs.push('before_photo');
        if (task.photos.after < 1) needs.push('after_photo');
        break;
      case 'reading':
        if (task.reading === null) needs.push('reading');
        else if (readingOutOfRange(task.requirements, task.reading) && !noted) needs.push('reading_note');
        break;
      case 'pass_fail':
        if (task.result === null) needs.push('pass_fail');
        break;
      case 'note':
        if (!noted && !needs.includes('reading_note')) needs.push('note');
        break;
    }
  }
  return needs;
}

/** The completion gate: every task's needs, then the signature. Empty: the visit may be completed. */
export function missingEvidence(visit: {
  tasks: readonly EvidenceTask[];
  requireSignature: boolean;
  signed: boolean;
}): MissingItem[] {
  const missing: MissingItem[] = [];
  for (const task of visit.tasks) {
    const needs = taskNeeds(task);
    if (needs.length > 0) missing.push({ taskId: task.id, needs });
  }
  if (visit.requireSignature && !visit.signed) missing.push({ needs: ['signature'] });
  return missing;
}

/** 'Take before photo, Enter the reading' for one task's needs. */
export const describeNeeds = (needs: readonly Need[]) => needs.map((need) => NEED_LABELS[need]).join(', ');

/** A requirement in words: 'Reading 1–3 ppm', 'Photos (at least 2)'. */
export function describeRequirement(requirement: Requirement): string {
  switch (requirement.type) {
    case 'photo':
      return `Photos (at least ${requirement.min})`;
    case 'reading':
      return `Reading ${requirement.min}–${requirement.max} ${requirement.unit}`;
    default:
      return REQUIREMENT_LABELS[requirement.type];
  }
}
