import { keepPreviousData, QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type {
  PortalInvoiceDto,
  PortalMeDto,
  PortalSignInDto,
  PortalVisitDto,
  VisitRequestDto,
  VisitRequestInput,
  VisitRequestPatch,
} from '../../shared/schemas/portal';
import type { VisitReportDto } from '../../shared/schemas/visit-report';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Issue 28 §1: the client portal (GET /api/portal/*, the client's side), and the staff endpoints
// around it: a client's portal link, revocation and sign-ins, and the office's visit requests.

export const portalKeys = {
  all: areaKeys.portal,
  me: () => [...portalKeys.all, 'me'] as const,
  visits: (when: 'upcoming' | 'past', offset: number) => [...portalKeys.all, 'visits', when, offset] as const,
  visit: (id: string) => [...portalKeys.all, 'visit', id] as const,
  invoices: (offset: number) => [...portalKeys.all, 'invoices', offset] as const,
  requests: () => [...portalKeys.all, 'requests'] as const,
  signIns: (clientId: string, offset: number) => [...areaKeys.clients, 'portal-sign-ins', clientId, offset] as const,
};

export const visitRequestKeys = {
  all: areaKeys.visitRequests,
  list: (offset: number) => [...visitRequestKeys.all, 'open', offset] as const,
};

/**
 * The portal's own cache: not persisted, no workspace in its keys, no outbox. A client's pages
 * never share the staff app's cache (one browser may hold both).
 */
export const portalQueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

/** The portal retries nothing on 401/404: the page says why at once. */
const noRetry = { retry: false } as const;

export const usePortalMe = () =>
  useQuery(queryOptions({ queryKey: portalKeys.me(), queryFn: () => api<PortalMeDto>('/api/portal/me'), ...noRetry }));

export const usePortalVisits = (when: 'upcoming' | 'past', offset: number, limit = DEFAULT_PAGE_SIZE) =>
  useQuery({
    queryKey: portalKeys.visits(when, offset),
    queryFn: () => api<Page<PortalVisitDto>>(`/api/portal/visits${queryString({ when, offset, limit })}`),
    placeholderData: keepPreviousData,
    ...noRetry,
  });

export const usePortalVisit = (id: string) =>
  useQuery({
    queryKey: portalKeys.visit(id),
    queryFn: () => api<VisitReportDto>(`/api/portal/visits/${id}`),
    enabled: Boolean(id),
    ...noRetry,
  });

export const usePortalInvoices = (offset: number) =>
  useQuery({
    queryKey: portalKeys.invoices(offset),
    queryFn: () =>
      api<Page<PortalInvoiceDto>>(`/api/portal/invoices${queryString({ offset, limit: DEFAULT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    ...noRetry,
  });

export const useCreateVisitRequest = () =>
  useMutationThatInvalidates(
    (body: VisitRequestInput) => api<VisitRequestDto>('/api/portal/requests', { method: 'POST', body: { ...body } }),
    () => [portalKeys.requests()],
  );

// ── staff: the client page's 'Client portal' section ──

export const useSendPortalLink = (clientId: string) =>
  useMutationThatInvalidates(
    () => api<{ email: string }>(`/api/clients/${clientId}/portal-link`, { method: 'POST', body: {} }),
    () => [],
  );

export const useRevokePortalAccess = (clientId: string) =>
  useMutationThatInvalidates(
    () => api<void>(`/api/clients/${clientId}/portal-revoke`, { method: 'POST', body: {} }),
    () => [[...areaKeys.clients, 'portal-sign-ins', clientId]],
  );

export const usePortalSignIns = (clientId: string, offset: number) =>
  useQuery({
    queryKey: portalKeys.signIns(clientId, offset),
    queryFn: () =>
      api<Page<PortalSignInDto>>(
        `/api/clients/${clientId}/portal-sign-ins${queryString({ offset, limit: DEFAULT_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
  });

// ── staff: 'Visit requests' ──

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
