import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceRole } from '../../shared/constants';
import type { InvitationByTokenDto, MyInvitationDto } from '../../shared/schemas/workspaces';
import { landingPath } from '../paths';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { switchWorkspace } from './workspaces';

// The signed-in user's invitations to join a workspace (/api/invitations):
// none until their address is verified.

export const myInvitationsQuery = queryOptions({
  queryKey: areaKeys.invitations,
  queryFn: () => api<{ items: MyInvitationDto[] }>('/api/invitations'),
});

export const useMyInvitations = () => useQuery(myInvitationsQuery);

/** Accepting makes the user a member; the tab then opens that workspace's dashboard (a full navigation). */
export const useAcceptInvitation = () =>
  useMutationThatInvalidates(
    async (id: string) => {
      const { workspaceId } = await api<{ workspaceId: string }>(`/api/invitations/${id}/accept`, { method: 'POST' });
      await switchWorkspace(workspaceId);
      return { workspaceId };
    },
    () => [areaKeys.invitations, areaKeys.me],
  );

export const useDeclineInvitation = () =>
  useMutationThatInvalidates(
    (id: string) => api<void>(`/api/invitations/${id}/decline`, { method: 'POST' }),
    () => [areaKeys.invitations],
  );

/** The page of an invitation e-mail's link: what it invites to, for whoever holds the link. */
export const useInvitationByToken = (token: string) =>
  useQuery({
    queryKey: [...areaKeys.invitations, 'by-token', token],
    queryFn: () => api<InvitationByTokenDto>(`/api/invitations/by-token/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: 0,
  });

/** Accepting from the link (the signed-in account with the invited address): joins, then opens its landing page. */
export async function acceptInvitationLink(token: string) {
  const { workspaceId, role } = await api<{ workspaceId: string; role: WorkspaceRole }>(
    `/api/invitations/by-token/${encodeURIComponent(token)}/accept`,
    { method: 'POST' },
  );
  await switchWorkspace(workspaceId, landingPath({ workspace: { role } }));
}

export const useDeclineInvitationLink = (token: string) =>
  useMutationThatInvalidates(
    () => api<void>(`/api/invitations/by-token/${encodeURIComponent(token)}/decline`, { method: 'POST' }),
    () => [areaKeys.invitations],
  );
