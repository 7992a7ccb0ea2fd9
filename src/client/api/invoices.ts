import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';

import type {
  CreateInvoiceInput,
  RecordPaymentInput,
  UpdateInvoiceInput,
  VoidInvoiceInput,
  listInvoicesQuery,
} from '../../shared/schemas/invoices';
import type { z } from 'zod';

import { queryString } from './http';
import { areaKeys } from './keys';

import { useMutationThatInvalidates } from './mutations';
import { del, get, type Get, patch, post, type ListParams } from './contract';

/** An invoice as `GET /api/invoices/:id` answers it (its lines, payments, seller and client). */
export type InvoiceDetail = Get<'/invoices/:id'>;

// Invoices (/api/invoices…). A visit shows its invoices: invoice changes touch visits too.

/** The schema's output: its fields are read through `blankToUndefined`, whose input is `unknown`. */
export type InvoiceFilters = ListParams<z.output<typeof listInvoicesQuery>>;

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
    queryFn: () => get('/invoices', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => get('/invoices/:id', { param: { id } }) });

/** The picker's visits: completed, of the property, on no other invoice (for an edit, its own too). */
export const billableVisitsQuery = (propertyId: string, invoiceId?: string) =>
  queryOptions({
    queryKey: invoiceKeys.billable(propertyId, invoiceId),
    queryFn: () => get('/invoices/billable-visits', { query: { propertyId, invoiceId, limit: 100 } }),
  });

/** The PDF, for 'Print Invoice' (opened by the browser). */
export const invoicePdfUrl = (id: string) => `/api/invoices/${id}/pdf`;

export const useInvoices = (filters: InvoiceFilters) => useQuery(invoicesQuery(filters));
export const useInvoice = (id: string) => useQuery({ ...invoiceQuery(id), enabled: Boolean(id) });
export const useBillableVisits = (propertyId: string, invoiceId?: string) =>
  useQuery({ ...billableVisitsQuery(propertyId, invoiceId), enabled: Boolean(propertyId) });

const touched = () => [invoiceKeys.all, areaKeys.visits];

export const useCreateInvoice = () =>
  useMutationThatInvalidates((body: CreateInvoiceInput) => post('/invoices', { json: { ...body } }), touched);

/** A change that answers the invoice as it is now: it becomes the cached detail at once. */
function useInvoiceChange<TVariables>(send: (variables: TVariables) => Promise<InvoiceDetail>) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(send, touched, (invoice) =>
    queryClient.setQueryData(invoiceKeys.detail(invoice.id), invoice),
  );
}

export const useUpdateInvoice = (id: string) =>
  useInvoiceChange((body: UpdateInvoiceInput) => patch('/invoices/:id', { param: { id }, json: { ...body } }));

export const useMarkInvoicePaid = (id: string) =>
  useInvoiceChange(() => post('/invoices/:id/mark-paid', { param: { id }, json: {} }));

/** A payment (amount in cents); answers the invoice with its new balance. */
export const useRecordPayment = (id: string) =>
  useInvoiceChange((body: RecordPaymentInput) => post('/invoices/:id/payments', { param: { id }, json: { ...body } }));

/** Voids the invoice with a reason (it stays on record). */
export const useVoidInvoice = (id: string) =>
  useInvoiceChange((body: VoidInvoiceInput) => post('/invoices/:id/void', { param: { id }, json: { ...body } }));

/** The invoice list as CSV, with the list's filters (the browser downloads it). */
export const invoicesCsvUrl = (filters: Pick<InvoiceFilters, 'q' | 'status' | 'propertyId'>) =>
  `/api/invoices.csv${queryString({ ...filters })}`;

export const useSendInvoice = (id: string) =>
  useInvoiceChange((to: string) => post('/invoices/:id/send', { param: { id }, json: { to } }));

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    (id: string) => del('/invoices/:id', { param: { id } }),
    touched,
    (_data, id) => queryClient.removeQueries({ queryKey: invoiceKeys.detail(id) }),
  );
}
