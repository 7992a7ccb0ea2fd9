import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceStatus } from '../../shared/constants';
import type { Page } from '../../shared/schemas/common';
import type {
  BillableVisitDto,
  CreateInvoiceInput,
  InvoiceDetailDto,
  InvoiceListItemDto,
  RecordPaymentInput,
  UpdateInvoiceInput,
  VoidInvoiceInput,
} from '../../shared/schemas/invoices';
import { api, queryString } from './http';
import { areaKeys } from './keys';
import { useMutationThatInvalidates } from './mutations';

// Invoices (/api/invoices…). A visit shows its invoices: invoice changes touch visits too.

export interface InvoiceFilters {
  q?: string;
  status?: InvoiceStatus;
  propertyId?: string;
  /** The invoices of one client's properties. */
  clientId?: string;
  offset: number;
  limit: number;
}

export const invoiceKeys = {
  all: areaKeys.invoices,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (filters: InvoiceFilters) => [...invoiceKeys.lists(), filters] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
  billable: (propertyId: string, invoiceId?: string) =>
    [...invoiceKeys.all, 'billable', propertyId, invoiceId] as const,
};

export const invoicesQuery = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: invoiceKeys.list(filters),
    queryFn: () => api<Page<InvoiceListItemDto>>(`/api/invoices${queryString({ ...filters })}`),
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => api<InvoiceDetailDto>(`/api/invoices/${id}`) });

/** The picker's visits: completed, of the property, on no other invoice (for an edit, its own too). */
export const billableVisitsQuery = (propertyId: string, invoiceId?: string) =>
  queryOptions({
    queryKey: invoiceKeys.billable(propertyId, invoiceId),
    queryFn: () =>
      api<Page<BillableVisitDto>>(`/api/invoices/billable-visits${queryString({ propertyId, invoiceId, limit: 100 })}`),
  });

/** The PDF, for 'Print Invoice' (opened by the browser). */
export const invoicePdfUrl = (id: string) => `/api/invoices/${id}/pdf`;

export const useInvoices = (filters: InvoiceFilters) => useQuery(invoicesQuery(filters));
export const useInvoice = (id: string) => useQuery({ ...invoiceQuery(id), enabled: Boolean(id) });
export const useBillableVisits = (propertyId: string, invoiceId?: string) =>
  useQuery({ ...billableVisitsQuery(propertyId, invoiceId), enabled: Boolean(propertyId) });

const touched = () => [invoiceKeys.all, areaKeys.visits];

export const useCreateInvoice = () =>
  useMutationThatInvalidates(
    (body: CreateInvoiceInput) => api<InvoiceDetailDto>('/api/invoices', { method: 'POST', body: { ...body } }),
    touched,
  );

/** A change that answers the invoice as it is now: it becomes the cached detail at once. */
function useInvoiceChange<TVariables>(send: (variables: TVariables) => Promise<InvoiceDetailDto>) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(send, touched, (invoice) =>
    queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice),
  );
}

export const useUpdateInvoice = (id: string) =>
  useInvoiceChange((body: UpdateInvoiceInput) =>
    api<InvoiceDetailDto>(`/api/invoices/${id}`, { method: 'PATCH', body: { ...body } }),
  );

export const useMarkInvoicePaid = (id: string) =>
  useInvoiceChange(() => api<InvoiceDetailDto>(`/api/invoices/${id}/mark-paid`, { method: 'POST', body: {} }));

/** A payment (amount in cents); answers the invoice with its new balance. */
export const useRecordPayment = (id: string) =>
  useInvoiceChange((body: RecordPaymentInput) =>
    api<InvoiceDetailDto>(`/api/invoices/${id}/payments`, { method: 'POST', body: { ...body } }),
  );

/** Voids the invoice with a reason (it stays on record). */
export const useVoidInvoice = (id: string) =>
  useInvoiceChange((body: VoidInvoiceInput) =>
    api<InvoiceDetailDto>(`/api/invoices/${id}/void`, { method: 'POST', body: { ...body } }),
  );

/** The invoice list as CSV, with the list's filters (the browser downloads it). */
export const invoicesCsvUrl = (filters: Pick<InvoiceFilters, 'q' | 'status' | 'propertyId'>) =>
  `/api/invoices.csv${queryString({ ...filters })}`;

export const useSendInvoice = (id: string) =>
  useInvoiceChange((to: string) => api<InvoiceDetailDto>(`/api/invoices/${id}/send`, { method: 'POST', body: { to } }));

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => api<void>(`/api/invoices/${id}`, { method: 'DELETE' }),
    touched,
    (_data, id) => queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) }),
  );
}
