import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceRole } from '../../shared/constants';
import type {
  BeforeClaimWorkspace,
  InvitationSentDto,
  MemberDto,
  UpdateWorkspaceInput,
  WorkspaceDto,
  WorkspaceInvitationDto,
} from '../../shared/schemas/workspaces';
import { rememberWorkspace, tabWorkspaceId } from './current-workspace';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { paths } from '../paths';

// The business (workspace) the tab works in, its settings, its members and its
// invitations (/api/workspaces/{id}…), and switching between the user's workspaces.

export const workspaceKeys = {
  all: areaKeys.workspaces,
  detail: (id: string) => [...workspaceKeys.all, 'detail', id] as const,
  members: (id: string) => [...workspaceKeys.detail(id), 'members'] as const,
  invitations: (id: string) => [...workspaceKeys.detail(id), 'invitations'] as const,
  beforeClaim: () => [...workspaceKeys.all, 'before-claim'] as const,
};

/** Name, contact details, tax rate, terms, prefix and zone (owners and managers; 403 for technicians). */
export const workspaceQuery = (id: string) =>
  queryOptions({ queryKey: workspaceKeys.detail(id), queryFn: () => api<WorkspaceDto>(`/api/workspaces/${id}`) });

export const membersQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.members(id),
    queryFn: () => api<{ items: MemberDto[] }>(`/api/workspaces/${id}/members`),
  });

/** The invitations still standing (owners and managers). */
export const workspaceInvitationsQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.invitations(id),
    queryFn: () => api<{ items: WorkspaceInvitationDto[] }>(`/api/workspaces/${id}/invitations`),
  });

/** The workspaces the account owned when its address was claimed from an unproven sign-up. */
export const beforeClaimQuery = queryOptions({
  queryKey: workspaceKeys.beforeClaim(),
  queryFn: () => api<{ items: BeforeClaimWorkspace[] }>('/api/me/before-claim'),
});
export const useBeforeClaim = () => useQuery(beforeClaimQuery);

/** Pass '' (no workspace) or `enabled: false` to wait. */
export const useWorkspace = (id: string, enabled = true) =>
  useQuery({ ...workspaceQuery(id), enabled: enabled && Boolean(id) });
export const useMembers = (id: string, enabled = true) =>
  useQuery({ ...membersQuery(id), enabled: enabled && Boolean(id) });
export const useWorkspaceInvitations = (id: string, enabled = true) =>
  useQuery({ ...workspaceInvitationsQuery(id), enabled: enabled && Boolean(id) });

// ── changes ──

/** Business settings; a name also finishes setting up (the dashboard's card goes, `/api/me` says so). */
export function useUpdateWorkspace(id: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (input: UpdateWorkspaceInput) =>
      api<WorkspaceDto>(`/api/workspaces/${id}`, { method: 'PATCH', body: { ...input } }),
    // the header and the switcher show the name; `/api/me` carries `setUp`
    () => [areaKeys.me],
    (workspace) => queryClient.setQueryData(workspaceKeys.detail(id), workspace),
  );
}

export const useChangeMemberRole = (id: string) =>
  useMutationThatInvalidates(
    ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
      api<MemberDto>(`/api/workspaces/${id}/members/${userId}`, { method: 'PATCH', body: { role } }),
    // one's own role shows in the header and decides what `can` says
    () => [workspaceKeys.members(id), areaKeys.me],
  );

/** Removes a member; for oneself this is leaving (see `leaveWorkspace`). */
export const useRemoveMember = (id: string) =>
  useMutationThatInvalidates(
    (userId: string) => api<void>(`/api/workspaces/${id}/members/${userId}`, { method: 'DELETE' }),
    // they are taken off the workspace's visits too
    () => [workspaceKeys.members(id), areaKeys.visits],
  );

/** E-mails an invitation (202: the same answer whoever the address is). */
export const useInviteMember = (id: string) =>
  useMutationThatInvalidates(
    (body: { email: string; role: WorkspaceRole }) =>
      api<InvitationSentDto>(`/api/workspaces/${id}/invitations`, { method: 'POST', body }),
    () => [workspaceKeys.invitations(id)],
  );

export const useCancelWorkspaceInvitation = (id: string) =>
  useMutationThatInvalidates(
    (invitationId: string) => api<void>(`/api/workspaces/${id}/invitations/${invitationId}`, { method: 'DELETE' }),
    () => [workspaceKeys.invitations(id)],
  );

// ── switching ──

/**
 * Makes `workspaceId` this tab's workspace and the user's default (for new tabs), then opens the
 * dashboard afresh: a full navigation, so nothing on screen or in flight belongs to the workspace
 * left behind. The default is best effort: the tab's own choice is what this tab uses.
 */
export async function switchWorkspace(workspaceId: string, landing: string = paths.dashboard()) {
  rememberWorkspace(workspaceId);
  await api<void>('/api/me/workspace', { method: 'PUT', body: { workspaceId } }).catch(() => undefined);
  window.location.assign(landing);
}

/** 'New business': a business of the user's own (its owner); the tab then opens its dashboard. */
export async function createWorkspace(input: { name: string; timeZone?: string }) {
  const made = await api<{ id: string }>('/api/workspaces', { method: 'POST', body: input });
  await switchWorkspace(made.id);
}

export const useSwitchWorkspace = () =>
  useMutation({ mutationFn: (workspaceId: string) => switchWorkspace(workspaceId) });

/**
 * Leaving: the user removes themselves, the tab forgets the workspace and opens the dashboard of
 * their default one (the server picks another of theirs when that was the default).
 */
export const useLeaveWorkspace = (id: string) =>
  useMutation({
    mutationFn: async (userId: string) => {
      await api<void>(`/api/workspaces/${id}/members/${userId}`, { method: 'DELETE' });
      rememberWorkspace(null);
      window.location.assign(paths.dashboard());
    },
  });

/**
 * Deletes a workspace and everything in it (owners only). The tab then opens the dashboard afresh,
 * in the user's default workspace when it was this one (the server picks another of theirs).
 */
export const useDeleteWorkspace = () =>
  useMutation({
    mutationFn: async (id: string) => {
      await api<void>(`/api/workspaces/${id}`, { method: 'DELETE' });
      if (tabWorkspaceId() === id) rememberWorkspace(null);
      window.location.assign(paths.dashboard());
    },
  });

/** 'Keep it': a workspace made before the claim stays, and is not shown again. */
export const useKeepWorkspace = () =>
  useMutationThatInvalidates(
    (id: string) => api<void>(`/api/me/before-claim/${id}`, { method: 'DELETE' }),
    () => [workspaceKeys.beforeClaim()],
  );
