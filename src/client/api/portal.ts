import { keepPreviousData, QueryClient, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import type { VisitRequestInput } from '../../shared/schemas/portal';
import { formatsFor, type Formats } from '../../shared/formats';
import { localityOf } from '../lib/locality';
import { get, post } from './contract';

// The client portal (/api/portal/*, the client's side). The staff's side is in
// api/clients.ts (a client's portal link, revocation and sign-ins) and api/visits.ts (the office's
// visit requests): this file loads with the portal only.

export const portalKeys = {
  // Its own cache (portalQueryClient below), so its root is not one of keys.ts's area roots.
  all: ['portal'] as const,
  me: () => [...portalKeys.all, 'me'] as const,
  visits: (when: 'upcoming' | 'past', offset: number) => [...portalKeys.all, 'visits', when, offset] as const,
  visit: (id: string) => [...portalKeys.all, 'visit', id] as const,
  invoices: (offset: number) => [...portalKeys.all, 'invoices', offset] as const,
  requests: () => [...portalKeys.all, 'requests'] as const,
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

export const usePortalMe = () => useQuery({ queryKey: portalKeys.me(), queryFn: () => get('/portal/me'), ...noRetry });

/** How the client's business writes dates, times and amounts: every one the portal shows. */
export const usePortalFormats = (): Formats => formatsFor(localityOf(usePortalMe().data?.business));

export const usePortalVisits = (when: 'upcoming' | 'past', offset: number, limit = DEFAULT_PAGE_SIZE) =>
  useQuery({
    queryKey: portalKeys.visits(when, offset),
    queryFn: () => get('/portal/visits', { query: { when, offset, limit } }),
    placeholderData: keepPreviousData,
    ...noRetry,
  });

export const usePortalVisit = (id: string) =>
  useQuery({
    queryKey: portalKeys.visit(id),
    queryFn: () => get('/portal/visits/:id', { param: { id } }),
    enabled: Boolean(id),
    ...noRetry,
  });

export const usePortalInvoices = (offset: number) =>
  useQuery({
    queryKey: portalKeys.invoices(offset),
    queryFn: () => get('/portal/invoices', { query: { offset, limit: DEFAULT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    ...noRetry,
  });

/**
 * 'Open my portal' on the page an e-mailed link opens: posts the link's token, which uses it up
 * and starts the portal session (its cookie); answers where to go. Opening the page alone (a mail
 * scanner does) uses nothing up. A plain function, as below.
 */
export async function enterPortal(token: string): Promise<{ next: string }> {
  const entered = await post('/portal/enter/:token', { param: { token }, json: {} });
  portalQueryClient.clear();
  return entered;
}

/**
 * 'Request a visit' (POST /api/portal/requests); the client's requests are read again after. A
 * plain function, not a mutation hook: the portal's one write (and TanStack's `useMutation` chunk
 * stays out of the portal's load, tests/e2e/bundle-budget.spec.ts).
 */
export async function createVisitRequest(body: VisitRequestInput) {
  const made = await post('/portal/requests', { json: { ...body } });
  await portalQueryClient.invalidateQueries({ queryKey: portalKeys.requests() });
  return made;
}
