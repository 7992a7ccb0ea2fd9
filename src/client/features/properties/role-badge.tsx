import { Badge } from '@mantine/core';
import { DEFAULT_DISPLAYED_PROPERTY_ROLE, type PropertyRole } from '../../../shared/constants';

/** The user's relationship to a property; spec §2/§9: technician when none is known. */
export function RoleBadge({ role }: { role: PropertyRole | null }) {
  const shown = role ?? DEFAULT_DISPLAYED_PROPERTY_ROLE;
  return (
    <Badge
      color={shown === 'owner' ? 'teal' : 'grape'}
      variant="light"
      aria-label={`Role: ${shown}`}
      style={{ flexShrink: 0 }}
    >
      {shown}
    </Badge>
  );
}
