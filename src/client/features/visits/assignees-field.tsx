import { Checkbox, Stack } from '@mantine/core';
import { useMe } from '../../api/session';
import { useMembers } from '../../api/workspaces';
import { QueryView } from '../../components/query-view';

/**
 * 'Assign to': a checkbox per member of the workspace (name or e-mail, and role). The
 * order of `value` is the order they were checked in: the first is the visit's lead. Owners and
 * managers only (the members list is theirs); for anyone else it shows nothing.
 */
export function AssigneesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const me = useMe().data;
  const allowed = Boolean(me?.can?.scheduleVisits);
  const members = useMembers(me?.workspace?.id ?? '', allowed);
  if (!allowed) return null;
  const lead = members.data?.items.find((member) => member.userId === value[0]);
  return (
    <Checkbox.Group
      label="Assign to"
      description={
        lead
          ? `${lead.name || lead.email} leads the visit (the first one checked).`
          : 'The first one checked leads the visit.'
      }
      value={value}
      // Mantine adds a newly checked box at the end and keeps the rest in order: the lead stays first.
      // Someone no longer in the workspace (still on a past visit) has no box and is dropped.
      onChange={(ids) => onChange(ids.filter((id) => members.data?.items.some((member) => member.userId === id)))}
      error={error}
    >
      <QueryView
        query={members}
        loading="Loading members"
        size="sm"
        describeError={() => 'Failed to load the members of this workspace.'}
      >
        {({ items }) => (
          <Stack gap={6} mt={4}>
            {items.map((member) => (
              <Checkbox
                key={member.userId}
                value={member.userId}
                label={`${member.name || member.email}${member.userId === me?.id ? ' (you)' : ''} · ${member.role}`}
              />
            ))}
          </Stack>
        )}
      </QueryView>
    </Checkbox.Group>
  );
}
