import { WORKSPACE_ROLE_LABELS as LABELS, WORKSPACE_ROLES, type WorkspaceRole } from '../../../shared/constants';

/** The roles a member may give: owners any, managers manager and technician (`can.appointOwners`). */
export function roleOptions(appointOwners: boolean, current?: WorkspaceRole) {
  return WORKSPACE_ROLES.filter((role) => appointOwners || role !== 'owner' || role === current).map((role) => ({
    value: role,
    label: LABELS[role],
  }));
}
