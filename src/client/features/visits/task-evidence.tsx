import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCamera, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import {
  describeNeeds,
  readingOutOfRange,
  readingRequirement,
  taskNeeds,
  type PhotoTag,
} from '../../../shared/evidence';
import { enqueue } from '../../api/outbox';
import { taskChange, type VisitTask } from '../../api/visits';
import { madeNow } from '../../api/write';
import { CameraCapture } from '../../components/camera-capture';

// Capture on the phone: under a task, what its template requires and what is still
// missing: before/after or plain photos (the camera), a reading with its unit and range (out of
// range is kept, flagged, and asks for a note), Pass / Fail, a note. Every change goes through the
// outbox, so it works offline and the completion gate (shared/evidence.ts) sees it at once.

const TARGET = { minHeight: 44 };

const cameraFileName = (tag: PhotoTag) => `${tag}-${new Date().toISOString().replace(/[:.]/g, '-')}.jpg`;

/**
 * The evidence of one visit task. `withNote`: a note field of its own (Today's cards; the visit
 * page already has one per task).
 */
export function TaskEvidence({ task, disabled, withNote }: { task: VisitTask; disabled: boolean; withNote: boolean }) {
  const [camera, setCamera] = useState<PhotoTag | null>(null);
  const needs = taskNeeds(task).filter((need) => need !== 'done');
  const types = new Set(task.requirements.map((requirement) => requirement.type));
  const photoMin = task.requirements.find((requirement) => requirement.type === 'photo');
  const reading = readingRequirement(task.requirements);
  // Worked out here, not read from the answer: a reading queued offline is flagged at once.
  const flagged = readingOutOfRange(task.requirements, task.reading);
  const asksNote = types.has('note') || needs.includes('reading_note') || needs.includes('skip_reason') || flagged;
  if (task.requirements.length === 0 && !(withNote && task.status === 'skipped')) return null;

  const change = (fields: { reading?: number | null; result?: 'pass' | 'fail' | null; notes?: string }) =>
    void enqueue(taskChange(task, fields));

  const takePhoto = (tag: PhotoTag, blob: Blob) =>
    void enqueue({
      kind: 'photo',
      id: crypto.randomUUID(),
      blob,
      fileName: cameraFileName(tag),
      attachableType: 'visit',
      attachableId: task.visitId,
      visitTaskId: task.id,
      tag,
      capturedAt: madeNow(),
    });

  const photoButton = (tag: PhotoTag, label: string, count: number) => (
    <Button
      key={tag}
      variant={count > 0 ? 'light' : 'filled'}
      color={count > 0 ? 'green' : undefined}
      style={TARGET}
      disabled={disabled}
      leftSection={count > 0 ? <IconCheck size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
      onClick={() => setCamera(tag)}
    >
      {label}
      {count > 0 ? ` (${count})` : ''}
    </Button>
  );

  return (
    <Stack gap="xs" role="group" aria-label={`Evidence for ${task.name}`} py={4}>
      {needs.length > 0 && (
        <Text size="sm" fw={500}>
          Still needed: {describeNeeds(needs)}
        </Text>
      )}
      {(types.has('before_after') || photoMin) && (
        <Group gap="xs">
          {types.has('before_after') && photoButton('before', 'Take before photo', task.photos.before)}
          {types.has('before_after') && photoButton('after', 'Take after photo', task.photos.after)}
          {photoMin && photoButton('other', 'Take photo', task.photos.other)}
          {photoMin && photoMin.type === 'photo' && (
            <Text size="sm" c="dimmed">
              {task.photos.before + task.photos.after + task.photos.other} of {photoMin.min} photos
            </Text>
          )}
        </Group>
      )}
      {reading && (
        <ReadingField
          key={`${task.id}-${task.reading}`}
          task={task}
          unit={reading.unit}
          range={`${reading.min}–${reading.max} ${reading.unit}`}
          flagged={flagged}
          disabled={disabled}
          onSave={(value) => change({ reading: value })}
        />
      )}
      {types.has('pass_fail') && (
        <Group gap="xs" role="group" aria-label={`Inspection result for ${task.name}`}>
          {(['pass', 'fail'] as const).map((result) => (
            <Button
              key={result}
              style={TARGET}
              variant={task.result === result ? 'filled' : 'default'}
              color={result === 'pass' ? 'green' : 'red'}
              aria-pressed={task.result === result}
              disabled={disabled}
              onClick={() => change({ result })}
            >
              {result === 'pass' ? 'Pass' : 'Fail'}
            </Button>
          ))}
        </Group>
      )}
      {withNote && asksNote && (
        <EvidenceNote
          key={`${task.id}-${task.notes ?? ''}`}
          task={task}
          disabled={disabled}
          onSave={(notes) => change({ notes })}
        />
      )}
      <CameraCapture
        opened={camera !== null}
        onClose={() => setCamera(null)}
        onCapture={(blob) => camera && takePhoto(camera, blob)}
      />
    </Stack>
  );
}

function ReadingField({
  task,
  unit,
  range,
  flagged,
  disabled,
  onSave,
}: {
  task: VisitTask;
  unit: string;
  range: string;
  flagged: boolean;
  disabled: boolean;
  onSave: (value: number | null) => void;
}) {
  const [text, setText] = useState(task.reading === null ? '' : String(task.reading));
  const [failure, setFailure] = useState<string | null>(null);
  const changed = text.trim() !== (task.reading === null ? '' : String(task.reading));
  function save() {
    const trimmed = text.trim().replace(',', '.');
    const value = trimmed === '' ? null : Number(trimmed);
    if (value !== null && !Number.isFinite(value)) return setFailure('Reading must be a number');
    setFailure(null);
    onSave(value);
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`Reading (${unit})`}
          description={`Allowed ${range}`}
          inputMode="decimal"
          value={text}
          disabled={disabled}
          error={failure}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              save();
            }
          }}
          style={{ flex: 1 }}
        />
        {changed && (
          <Button style={TARGET} disabled={disabled} onClick={save}>
            Save reading
          </Button>
        )}
      </Group>
      {flagged && (
        <Group gap="xs" wrap="nowrap">
          <Badge color="red" variant="light">
            Out of range
          </Badge>
          <Text size="sm">Allowed {range}: add a note saying what was done.</Text>
        </Group>
      )}
    </Stack>
  );
}

function EvidenceNote({
  task,
  disabled,
  onSave,
}: {
  task: VisitTask;
  disabled: boolean;
  onSave: (notes: string) => void;
}) {
  const [note, setNote] = useState(task.notes ?? '');
  const changed = note.trim() !== (task.notes ?? '');
  return (
    <Stack gap={4}>
      <Textarea
        label={task.status === 'skipped' ? 'Reason for skipping' : 'Note'}
        autosize
        minRows={1}
        maxRows={6}
        value={note}
        disabled={disabled}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      {changed && (
        <Button
          style={TARGET}
          disabled={disabled}
          onClick={() => onSave(note)}
          styles={{ root: { alignSelf: 'flex-start' } }}
        >
          Save note
        </Button>
      )}
    </Stack>
  );
}
