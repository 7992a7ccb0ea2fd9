import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInvitationDto } from '../../shared/schemas/workspaces';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { switchWorkspace } from './workspaces';

// The signed-in user's invitations to join a workspace (/api/invitations, issues 23 and 24):
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
