import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutationThatInvalidates } from './mutations';
import { visitKeys } from './visits';
import { get, type Get, post } from './contract';

// The visit report (/api/visits/:id/report…). Its own file and key, beside visits.ts:
// the pages that load visits.ts (/resources/invoices/new) have no bytes to spare for them
// (tests/e2e/bundle-budget.spec.ts).

/** The visit report as `GET /api/visits/:id/report` answers it (the portal's is the same shape). */
export type VisitReport = Get<'/visits/:id/report'>;
/** One task of the report. */
export type VisitReportTask = VisitReport['tasks'][number];

/** Under the visit's details, so whatever refreshes the visit refreshes its report. */
export const visitReportKey = (id: string) => [...visitKeys.detail(id), 'report'] as const;

/** The report: the same content as its PDF. */
export const visitReportQuery = (id: string) =>
  queryOptions({ queryKey: visitReportKey(id), queryFn: () => get('/visits/:id/report', { param: { id } }) });
export const useVisitReport = (id: string) => useQuery(visitReportQuery(id));
/** The report's PDF, opened by the browser (a plain link: the session cookie goes with it). */
export const visitReportPdfUrl = (id: string) => `/api/visits/${id}/report.pdf`;

/** 'Send report': to the property's client (owners and managers); the visit records when. */
export function useSendVisitReport(visitId: string) {
  const queryClient = useQueryClient();
  return useMutationThatInvalidates(
    () => post('/visits/:id/report/send', { param: { id: visitId } }),
    () => [visitReportKey(visitId)],
    (visit) => queryClient.setQueryData(visitKeys.detail(visitId), visit),
  );
}
