import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type { PortalSignInDto, VisitRequestDto, VisitRequestPatch } from '../../shared/schemas/portal';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// The office's side of the client portal: a client's portal link, access and sign-ins
// (the client page), and the clients' visit requests. Apart from clients.ts and visits.ts, which
// most pages load, so that only the pages that show these carry them.

const portalSignInKeys = (id: string) => [...areaKeys.clients, 'portal-sign-ins', id] as const;

// ── The client page's 'Client portal' section ──

export const useSendPortalLink = (clientId: string) =>
  useMutationThatInvalidates(
    () => api<{ email: string }>(`/api/clients/${clientId}/portal-link`, { method: 'POST', body: {} }),
    () => [],
  );

export const useRevokePortalAccess = (clientId: string) =>
  useMutationThatInvalidates(
    () => api<void>(`/api/clients/${clientId}/portal-revoke`, { method: 'POST', body: {} }),
    () => [portalSignInKeys(clientId)],
  );

export const usePortalSignIns = (clientId: string, offset: number) =>
  useQuery({
    queryKey: [...portalSignInKeys(clientId), offset],
    queryFn: () =>
      api<Page<PortalSignInDto>>(
        `/api/clients/${clientId}/portal-sign-ins${queryString({ offset, limit: DEFAULT_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

// ── Clients' visit requests (the office's 'Visit requests', and scheduling one) ──

export const visitRequestKeys = {
  all: areaKeys.visitRequests,
  list: (offset: number) => [...visitRequestKeys.all, 'open', offset] as const,
};

export const useVisitRequests = (offset: number) =>
  useQuery({
    queryKey: visitRequestKeys.list(offset),
    queryFn: () =>
      api<Page<VisitRequestDto>>(
        `/api/visit-requests${queryString({ status: 'open', offset, limit: DEFAULT_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const useUpdateVisitRequest = () =>
  useMutationThatInvalidates(
    ({ id, patch }: { id: string; patch: VisitRequestPatch }) =>
      api<VisitRequestDto>(`/api/visit-requests/${id}`, { method: 'PATCH', body: { ...patch } }),
    () => [visitRequestKeys.all],
  );
