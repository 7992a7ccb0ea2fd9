import { Badge, Group } from '@mantine/core';
import { WORKSPACE_ROLE_LABELS } from '../../shared/constants';
import { STATUS_STYLES } from './status-badge';
import type { Me } from '../api/session';

/**
 * The person's role where they look for it (the menu, My Profile): their role in the current
 * business (Owner, Manager, Technician), and 'Admin' for the site's admins. The spec's account
 * role (customer, provider) shows only on the admin's Users pages.
 */
export function MyRoleBadges({ me }: { me: Pick<Me, 'isAdmin' | 'workspace'> }) {
  const role = me.workspace?.role;
  return (
    <Group gap={4} wrap="nowrap">
      {role && (
        <Badge color={STATUS_STYLES.workspaceRole[role].color} variant="light" style={{ flexShrink: 0 }}>
          {WORKSPACE_ROLE_LABELS[role]}
        </Badge>
      )}
      {me.isAdmin && (
        <Badge color={STATUS_STYLES.accountRole.admin.color} variant="light" style={{ flexShrink: 0 }}>
          Admin
        </Badge>
      )}
    </Group>
  );
}
