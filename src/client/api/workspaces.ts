import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceRole } from '../../shared/constants';
import type { UpdateWorkspaceInput } from '../../shared/schemas/workspaces';
import { rememberWorkspace, tabWorkspaceId } from './current-workspace';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { paths } from '../paths';
import { del, get, patch, post, put } from './contract';

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
  queryOptions({ queryKey: workspaceKeys.detail(id), queryFn: () => get('/workspaces/:id', { param: { id } }) });

export const membersQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.members(id),
    queryFn: () => get('/workspaces/:id/members', { param: { id } }),
  });

/** The invitations still standing (owners and managers). */
export const workspaceInvitationsQuery = (id: string) =>
  queryOptions({
    queryKey: workspaceKeys.invitations(id),
    queryFn: () => get('/workspaces/:id/invitations', { param: { id } }),
  });

/** The workspaces the account owned when its address was claimed from an unproven sign-up. */
export const beforeClaimQuery = queryOptions({
  queryKey: workspaceKeys.beforeClaim(),
  queryFn: () => get('/me/before-claim'),
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
    (input: UpdateWorkspaceInput) => patch('/workspaces/:id', { param: { id }, json: { ...input } }),
    // the header and the switcher show the name; `/api/me` carries `setUp`
    () => [areaKeys.me],
    (workspace) => queryClient.setQueryData(workspaceKeys.detail(id), workspace),
  );
}

export const useChangeMemberRole = (id: string) =>
  useMutationThatInvalidates(
    ({ userId, role }: { userId: string; role: WorkspaceRole }) =>
      patch('/workspaces/:id/members/:userId', { param: { id, userId }, json: { role } }),
    // one's own role shows in the header and decides what `can` says
    () => [workspaceKeys.members(id), areaKeys.me],
  );

/** Removes a member; for oneself this is leaving (see `leaveWorkspace`). */
export const useRemoveMember = (id: string) =>
  useMutationThatInvalidates(
    (userId: string) => del('/workspaces/:id/members/:userId', { param: { id, userId } }),
    // they are taken off the workspace's visits too
    () => [workspaceKeys.members(id), areaKeys.visits],
  );

/** E-mails an invitation (202: the same answer whoever the address is). */
export const useInviteMember = (id: string) =>
  useMutationThatInvalidates(
    (body: { email: string; role: WorkspaceRole }) =>
      post('/workspaces/:id/invitations', { param: { id }, json: body }),
    () => [workspaceKeys.invitations(id)],
  );

export const useCancelWorkspaceInvitation = (id: string) =>
  useMutationThatInvalidates(
    (invitationId: string) => del('/workspaces/:id/invitations/:invitationId', { param: { id, invitationId } }),
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
  await put('/me/workspace', { json: { workspaceId } }).catch(() => undefined);
  window.location.assign(landing);
}

/** 'New business': a business of the user's own (its owner); the tab then opens its dashboard. */
export async function createWorkspace(input: { name: string; timeZone?: string }) {
  const made = await post('/workspaces', { json: input });
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
      await del('/workspaces/:id/members/:userId', { param: { id, userId } });
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
      await del('/workspaces/:id', { param: { id } });
      if (tabWorkspaceId() === id) rememberWorkspace(null);
      window.location.assign(paths.dashboard());
    },
  });

/** 'Keep it': a workspace made before the claim stays, and is not shown again. */
export const useKeepWorkspace = () =>
  useMutationThatInvalidates(
    (id: string) => del('/me/before-claim/:id', { param: { id } }),
    () => [workspaceKeys.beforeClaim()],
  );
