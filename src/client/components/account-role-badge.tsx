import { Badge } from '@mantine/core';
import type { AccountRole } from '../../shared/constants';

/** spec §2: admin red, provider blue, customer green. */
const ROLE_COLORS: Record<AccountRole, string> = { admin: 'red', provider: 'blue', customer: 'green' };

export function AccountRoleBadge({ role }: { role: AccountRole }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="light">
      {role}
    </Badge>
  );
}
