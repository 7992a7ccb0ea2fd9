import { describe, expect, it } from 'vitest';
import { describeRequirement, missingEvidence, readingOutOfRange, taskNeeds, type EvidenceTask } from './evidence';
import { requirements as requirementsSchema } from './schemas/tasks';

const chlorine = { type: 'reading', unit: 'ppm', min: 1, max: 3 } as const;

const task = (overrides: Partial<EvidenceTask> = {}): EvidenceTask => ({
  id: 't1',
  status: 'completed',
  requirements: [],
  reading: null,
  result: null,
  notes: null,
  photos: { before: 0, after: 0, other: 0 },
  ...overrides,
});

describe('taskNeeds: each requirement type', () => {
  it('a task without requirements needs only to be done', () => {
    expect(taskNeeds(task({ status: 'pending' }))).toEqual(['done']);
    expect(taskNeeds(task({ status: 'in_progress' }))).toEqual(['done']);
    expect(taskNeeds(task())).toEqual([]);
  });

  it('photo: at least N photos, whatever their tag', () => {
    const needsTwo = task({ requirements: [{ type: 'photo', min: 2 }] });
    expect(taskNeeds(needsTwo)).toEqual(['photo']);
    expect(taskNeeds({ ...needsTwo, photos: { before: 0, after: 0, other: 1 } })).toEqual(['photo']);
    expect(taskNeeds({ ...needsTwo, photos: { before: 1, after: 0, other: 1 } })).toEqual([]);
  });

  it('before_after: one photo tagged before and one tagged after', () => {
    const pair = task({ requirements: [{ type: 'before_after' }] });
    expect(taskNeeds(pair)).toEqual(['before_photo', 'after_photo']);
    expect(taskNeeds({ ...pair, photos: { before: 1, after: 0, other: 3 } })).toEqual(['after_photo']);
    expect(taskNeeds({ ...pair, photos: { before: 1, after: 1, other: 0 } })).toEqual([]);
  });

  it('reading: a number; out of range is allowed but asks for a note', () => {
    const pool = task({ requirements: [chlorine] });
    expect(taskNeeds(pool)).toEqual(['reading']);
    expect(taskNeeds({ ...pool, reading: 2 })).toEqual([]);
    expect(taskNeeds({ ...pool, reading: 1 })).toEqual([]);
    expect(taskNeeds({ ...pool, reading: 3 })).toEqual([]);
    expect(taskNeeds({ ...pool, reading: 4.5 })).toEqual(['reading_note']);
    expect(taskNeeds({ ...pool, reading: 0, notes: '  ' })).toEqual(['reading_note']);
    expect(taskNeeds({ ...pool, reading: 0, notes: 'Shocked the pool' })).toEqual([]);
    expect(readingOutOfRange([chlorine], 4.5)).toBe(true);
    expect(readingOutOfRange([chlorine], 2)).toBe(false);
    expect(readingOutOfRange([chlorine], null)).toBe(false);
    expect(readingOutOfRange([], 99)).toBe(false);
  });

  it('pass_fail: an inspection result, pass or fail alike', () => {
    const filter = task({ requirements: [{ type: 'pass_fail' }] });
    expect(taskNeeds(filter)).toEqual(['pass_fail']);
    expect(taskNeeds({ ...filter, result: 'pass' })).toEqual([]);
    expect(taskNeeds({ ...filter, result: 'fail' })).toEqual([]);
  });

  it('note: written text, not blanks', () => {
    const noted = task({ requirements: [{ type: 'note' }] });
    expect(taskNeeds(noted)).toEqual(['note']);
    expect(taskNeeds({ ...noted, notes: ' \n ' })).toEqual(['note']);
    expect(taskNeeds({ ...noted, notes: 'All clear' })).toEqual([]);
  });
});

describe('taskNeeds: combinations and skips', () => {
  const everything = task({
    status: 'pending',
    requirements: [
      { type: 'before_after' },
      chlorine,
      { type: 'pass_fail' },
      { type: 'note' },
      { type: 'photo', min: 3 },
    ],
  });

  it('lists everything a pending task still lacks, in the order of its requirements', () => {
    expect(taskNeeds(everything)).toEqual([
      'done',
      'before_photo',
      'after_photo',
      'reading',
      'pass_fail',
      'note',
      'photo',
    ]);
  });

  it('one note answers both the note requirement and an out-of-range reading', () => {
    const outOfRange = { ...everything, status: 'completed' as const, reading: 9, result: 'fail' as const };
    expect(taskNeeds({ ...outOfRange, photos: { before: 1, after: 1, other: 1 } })).toEqual(['reading_note']);
    expect(taskNeeds({ ...outOfRange, photos: { before: 1, after: 1, other: 1 }, notes: 'High; shocked' })).toEqual([]);
  });

  it('a skipped task needs a reason and no evidence', () => {
    expect(taskNeeds({ ...everything, status: 'skipped' })).toEqual(['skip_reason']);
    expect(taskNeeds({ ...everything, status: 'skipped', notes: 'Gate locked' })).toEqual([]);
  });
});

describe('missingEvidence: the completion gate', () => {
  it('lists each task that lacks something, then the signature without a task', () => {
    const tasks = [
      task({ id: 'a' }),
      task({ id: 'b', status: 'pending' }),
      task({ id: 'c', requirements: [{ type: 'pass_fail' }] }),
    ];
    expect(missingEvidence({ tasks, requireSignature: true, signed: false })).toEqual([
      { taskId: 'b', needs: ['done'] },
      { taskId: 'c', needs: ['pass_fail'] },
      { needs: ['signature'] },
    ]);
    expect(missingEvidence({ tasks: [task()], requireSignature: true, signed: true })).toEqual([]);
    expect(missingEvidence({ tasks: [task()], requireSignature: false, signed: false })).toEqual([]);
    expect(missingEvidence({ tasks: [], requireSignature: false, signed: false })).toEqual([]);
  });
});

describe('requirements (the template field)', () => {
  it('takes each type once, with a photo minimum and a reading range', () => {
    const list = [
      { type: 'photo', min: 2 },
      { type: 'before_after' },
      chlorine,
      { type: 'pass_fail' },
      { type: 'note' },
    ];
    expect(requirementsSchema.parse(list)).toEqual(list);
    expect(list.map((item) => describeRequirement(requirementsSchema.parse([item])[0]!))).toEqual([
      'Photos (at least 2)',
      'Before and after photos',
      'Reading 1–3 ppm',
      'Pass / Fail',
      'Note',
    ]);
  });

  it('refuses unknown types, repeats, inverted ranges, missing units and odd minimums', () => {
    const messages = (value: unknown) =>
      requirementsSchema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages([{ type: 'video' }])).toEqual([
      'A requirement must be photo, before_after, reading, pass_fail or note',
    ]);
    expect(messages([{ type: 'note' }, { type: 'note' }])).toEqual(['Each requirement may be given once']);
    expect(messages([{ ...chlorine, min: 5, max: 1 }])).toEqual(['Maximum must be at least the minimum']);
    expect(messages([{ ...chlorine, unit: ' ' }])).toEqual(['Unit is required']);
    expect(messages([{ type: 'photo', min: 0 }])).toEqual(['Number of photos must be a whole number from 1 to 20']);
    expect(messages([{ type: 'photo', min: 1.5 }])).toEqual(['Number of photos must be a whole number from 1 to 20']);
  });
});
