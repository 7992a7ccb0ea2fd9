import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { VisitRequestPatch } from '../../shared/schemas/portal';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';
import { get, patch, post } from './contract';

// The office's side of the client portal: a client's portal link, access and sign-ins
// (the client page), and the clients' visit requests. Apart from clients.ts and visits.ts, which
// most pages load, so that only the pages that show these carry them.

const portalSignInKeys = (id: string) => [...areaKeys.clients, 'portal-sign-ins', id] as const;

// ── The client page's 'Client portal' section ──

export const useSendPortalLink = (clientId: string) =>
  useMutationThatInvalidates(
    () => post('/clients/:id/portal-link', { param: { id: clientId }, json: {} }),
    () => [],
  );

export const useRevokePortalAccess = (clientId: string) =>
  useMutationThatInvalidates(
    () => post('/clients/:id/portal-revoke', { param: { id: clientId }, json: {} }),
    () => [portalSignInKeys(clientId)],
  );

export const usePortalSignIns = (clientId: string, offset: number) =>
  useQuery({
    queryKey: [...portalSignInKeys(clientId), offset],
    queryFn: () =>
      get('/clients/:id/portal-sign-ins', { param: { id: clientId }, query: { offset, limit: DEFAULT_PAGE_SIZE } }),
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
    queryFn: () => get('/visit-requests', { query: { status: 'open', offset, limit: DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

export const useUpdateVisitRequest = () =>
  useMutationThatInvalidates(
    ({ id, patch: change }: { id: string; patch: VisitRequestPatch }) =>
      patch('/visit-requests/:id', { param: { id }, json: { ...change } }),
    () => [visitRequestKeys.all],
  );
