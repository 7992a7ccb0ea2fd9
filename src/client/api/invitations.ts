import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingPath } from '../paths';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { switchWorkspace } from './workspaces';
import { get, post } from './contract';

// The signed-in user's invitations to join a workspace (/api/invitations):
// none until their address is verified.

export const myInvitationsQuery = queryOptions({
  queryKey: areaKeys.invitations,
  queryFn: () => get('/invitations'),
});

export const useMyInvitations = () => useQuery(myInvitationsQuery);

/** Accepting makes the user a member; the tab then opens that workspace's dashboard (a full navigation). */
export const useAcceptInvitation = () =>
  useMutationThatInvalidates(
    async (id: string) => {
      const { workspaceId } = await post('/invitations/:id/accept', { param: { id } });
      await switchWorkspace(workspaceId);
      return { workspaceId };
    },
    () => [areaKeys.invitations, areaKeys.me],
  );

export const useDeclineInvitation = () =>
  useMutationThatInvalidates(
    (id: string) => post('/invitations/:id/decline', { param: { id } }),
    () => [areaKeys.invitations],
  );

/** The page of an invitation e-mail's link: what it invites to, for whoever holds the link. */
export const useInvitationByToken = (token: string) =>
  useQuery({
    queryKey: [...areaKeys.invitations, 'by-token', token],
    queryFn: () => get('/invitations/by-token/:token', { param: { token } }),
    retry: false,
    staleTime: 0,
  });

/** Accepting from the link (the signed-in account with the invited address): joins, then opens its landing page. */
export async function acceptInvitationLink(token: string) {
  const { workspaceId, role } = await post('/invitations/by-token/:token/accept', { param: { token } });
  await switchWorkspace(workspaceId, landingPath({ workspace: { role } }));
}

export const useDeclineInvitationLink = (token: string) =>
  useMutationThatInvalidates(
    () => post('/invitations/by-token/:token/decline', { param: { token } }),
    () => [areaKeys.invitations],
  );
