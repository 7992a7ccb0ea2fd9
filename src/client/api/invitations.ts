import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyInvitationDto } from '../../shared/schemas/properties';
import { api } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// The signed-in user's invitations to share properties (/api/invitations, issue 15).

export const myInvitationsQuery = queryOptions({
  queryKey: areaKeys.invitations,
  queryFn: () => api<{ items: MyInvitationDto[] }>('/api/invitations'),
});

export const useMyInvitations = () => useQuery(myInvitationsQuery);

/** Accepting links the user: the property, its visits and the dashboard change. */
export const useAcceptInvitation = () =>
  useMutationThatInvalidates(
    (id: string) => api<{ propertyId: string }>(`/api/invitations/${id}/accept`, { method: 'POST' }),
    () => [areaKeys.invitations, areaKeys.properties, areaKeys.visits],
  );

export const useDeclineInvitation = () =>
  useMutationThatInvalidates(
    (id: string) => api<void>(`/api/invitations/${id}/decline`, { method: 'POST' }),
    () => [areaKeys.invitations],
  );
