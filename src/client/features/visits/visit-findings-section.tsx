import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { Requirement } from '../../../shared/evidence';
import type { ApiOutput } from '../../api/contract';
import { errorMessage } from '../../api/http';
import { useAddFollowUp } from '../../api/visit-follow-ups';
import { ErrorBox } from '../../components/error-box';
import { Notice } from '../../components/notice';
import { Dialog } from '../../components/overlays';
import { Section } from '../../components/section';
import { paths } from '../../paths';
import type { VisitDetail, VisitTask } from '../../api/visits';

// The new visit's form (its fields, the members list, the schema) loads when asked for, not with
// the visit page: that page is at its script budget.
/** Where the follow-up went: the visit and its new task. */
type FollowUp = ApiOutput<'post', '/visits/:id/tasks/:taskId/follow-up'>;

const FollowUpNewVisitForm = lazy(() => import('./follow-up-new-visit-form'));

/**
 * The visit's failed inspections and out-of-range readings, each with 'Add follow-up'
 * for owners and managers, and the tasks that follow up an earlier finding. Nothing when it has neither.
 */
export function VisitFindingsSection({ visit }: { visit: VisitDetail }) {
  const [choosing, setChoosing] = useState<VisitTask | null>(null);
  const [added, setAdded] = useState<FollowUp | null>(null);
  const findings = visit.tasks.filter((task) => task.result === 'fail' || task.readingFlagged);
  const followUps = visit.tasks.filter((task) => task.followUpOf !== null && !findings.includes(task));
  if (findings.length === 0 && followUps.length === 0) return null;

  return (
    <Section title="Findings">
      <Stack gap="sm">
        {added && (
          <Notice color="green" role="status">
            Follow-up added.{' '}
            <Anchor component={Link} to={paths.visit(added.visitId)}>
              Open the visit
            </Anchor>
          </Notice>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {[...findings, ...followUps].map((task) => (
            <Group key={task.id} component="li" justify="space-between" wrap="wrap" gap="xs" aria-label={task.name}>
              <Stack gap={0} miw={0}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {task.name}
                  </Text>
                  {task.followUpOf && (
                    <Badge variant="light" color="blue">
                      Follow-up
                    </Badge>
                  )}
                </Group>
                {findings.includes(task) ? (
                  <Text size="sm" c="red.9">
                    {whatWasFound(task)}
                  </Text>
                ) : (
                  // what it follows up: the note 'Add follow-up' wrote first
                  <Text size="sm" c="dimmed">
                    {task.notes?.split('\n')[0]}
                  </Text>
                )}
              </Stack>
              {findings.includes(task) && visit.can.addFollowUp && (
                <Button size="xs" variant="light" onClick={() => setChoosing(task)}>
                  Add follow-up
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      </Stack>
      <FollowUpDialog
        visit={visit}
        task={choosing}
        onClose={() => setChoosing(null)}
        onAdded={(made) => {
          setAdded(made);
          setChoosing(null);
        }}
      />
    </Section>
  );
}

/** 'Failed inspection' and/or 'Reading 5 ppm, outside 1–3 ppm'. */
function whatWasFound(task: VisitTask): string {
  const found: string[] = [];
  if (task.result === 'fail') found.push('Failed inspection');
  // (not shared/evidence's readingRequirement: importing it here split that module into a chunk of its own)
  const range = task.requirements.find(
    (requirement): requirement is Extract<Requirement, { type: 'reading' }> => requirement.type === 'reading',
  );
  if (task.readingFlagged && range) {
    found.push(`Reading ${task.reading} ${range.unit}, outside ${range.min}–${range.max} ${range.unit}`);
  }
  return found.join('; ');
}

/** Where the follow-up goes: the property's next scheduled visit, or a new visit when and with whom the office says. */
function FollowUpDialog({
  visit,
  task,
  onClose,
  onAdded,
}: {
  visit: VisitDetail;
  task: VisitTask | null;
  onClose: () => void;
  onAdded: (made: FollowUp) => void;
}) {
  const add = useAddFollowUp(visit.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  async function toNextVisit() {
    if (!task) return;
    setFailure(null);
    try {
      onAdded(await add.mutateAsync({ taskId: task.id, target: 'next' }));
    } catch (error) {
      setFailure(errorMessage(error, 'Failed to add the follow-up'));
    }
  }

  function close() {
    if (add.isPending) return;
    setFailure(null);
    setAsking(false);
    onClose();
  }

  return (
    <Dialog opened={task !== null} onClose={close} title="Add follow-up" centered>
      {asking && task ? (
        <Suspense fallback={<Text size="sm">Loading...</Text>}>
          <FollowUpNewVisitForm
            visit={visit}
            onCancel={() => setAsking(false)}
            onSubmit={async (when) => {
              const made = await add.mutateAsync({ taskId: task.id, target: 'new', ...when });
              setAsking(false);
              onAdded(made);
            }}
          />
        </Suspense>
      ) : (
        <Stack gap="md">
          <Text size="sm">Where should {task?.name ?? 'this task'} be done again?</Text>
          {failure && <ErrorBox>{failure}</ErrorBox>}
          <Stack gap="xs">
            <Button onClick={toNextVisit} disabled={add.isPending}>
              Next scheduled visit
            </Button>
            <Button variant="light" onClick={() => setAsking(true)} disabled={add.isPending}>
              New visit
            </Button>
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      )}
    </Dialog>
  );
}
