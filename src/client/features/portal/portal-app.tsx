import { useRoutes } from 'react-router';
import { PortalEnterPage, PortalExpiredPage, PortalLayout } from './portal-layout';
import { PortalHomePage } from './portal-home-page';
import { PortalInvoicesPage } from './portal-invoices-page';
import { PortalRequestPage } from './portal-request-page';
import { PortalVisitPage } from './portal-visit-page';

// The client portal, one route of the app (`/portal/*`) in one load: its pages are
// small and a client opens several; a lazy route each cost main ≈ 160 bytes, over the budget of
// /login (tests/e2e/bundle-budget.spec.ts).

/** /portal, /portal/visits/{id}, /portal/invoices, /portal/request, /portal/enter/{token} and /portal/expired. */
export function PortalApp() {
  return useRoutes([
    { path: 'expired', element: <PortalExpiredPage /> },
    { path: 'enter/:token', element: <PortalEnterPage /> },
    {
      element: <PortalLayout />,
      children: [
        { index: true, element: <PortalHomePage /> },
        { path: 'visits/:id', element: <PortalVisitPage /> },
        { path: 'invoices', element: <PortalInvoicesPage /> },
        { path: 'request', element: <PortalRequestPage /> },
      ],
    },
  ]);
}
