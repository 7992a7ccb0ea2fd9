import { Hono } from 'hono';
import { verifyEmailRoutes } from './auth/verify-email';
import { adminUsersRoutes } from './modules/admin';
import { attachablesRoutes } from './modules/attachables';
import { calendarRoutes } from './modules/calendar';
import { clientsCsvRoutes, clientsRoutes } from './modules/clients';
import { dashboardRoutes } from './modules/dashboard';
import { authTestRoutes, clearAuthRoutes, testDbRoutes } from './modules/debug';
import { healthRoutes } from './modules/health';
import { invitationsRoutes } from './modules/invitations';
import { invoicesCsvRoutes, invoicesRoutes } from './modules/invoices';
import { meRoutes } from './modules/me';
import { notesRoutes } from './modules/notes';
import { clientNotificationRoutes, staffNotificationsRoutes, unsubscribeRoutes } from './modules/notifications';
import { paymentWebhookRoutes } from './modules/payments';
import { photosRoutes } from './modules/photos';
import { clientPortalRoutes, portalEnterRoutes, portalRoutes, visitRequestsRoutes } from './modules/portal';
import { secondaryProfilesRoutes } from './modules/profiles';
import { propertiesRoutes } from './modules/properties';
import { portalQuotesRoutes, quotesCsvRoutes, quotesRoutes } from './modules/quotes';
import { routesRoutes } from './modules/routes';
import { seriesRoutes } from './modules/series';
import { tasksRoutes } from './modules/tasks';
import { visitsRoutes } from './modules/visits';
import { workspacesRoutes } from './modules/workspaces';
import type { AppEnv } from './types';

/**
 * Every JSON resource under /api, chained into one value so its type is the API's contract: the
 * client and the API tests take URLs, inputs and responses from `ApiRoutes`. Order matters where
 * paths overlap (the portal's link comes before the portal; a client's portal before its record).
 */
export const apiRoutes = new Hono<AppEnv>()
  .route('/health', healthRoutes)
  .route('/auth-test', authTestRoutes)
  .route('/clear-auth', clearAuthRoutes)
  .route('/me', meRoutes)
  .route('/visits', visitsRoutes)
  .route('/visit-series', seriesRoutes)
  .route('/routes', routesRoutes)
  .route('/calendar', calendarRoutes)
  .route('/secondary-profiles', secondaryProfilesRoutes)
  .route('/admin/users', adminUsersRoutes)
  .route('/test-db', testDbRoutes)
  .route('/properties', propertiesRoutes)
  .route('/clients', clientPortalRoutes)
  .route('/clients', clientsRoutes)
  .route('/clients/:id/notifications', clientNotificationRoutes)
  .route('/unsubscribe', unsubscribeRoutes)
  .route('/clients.csv', clientsCsvRoutes)
  .route('/tasks', tasksRoutes)
  .route('/photos', photosRoutes)
  .route('/notes', notesRoutes)
  .route('/invoices.csv', invoicesCsvRoutes)
  .route('/invoices', invoicesRoutes)
  .route('/quotes.csv', quotesCsvRoutes)
  .route('/quotes', quotesRoutes)
  .route('/invitations', invitationsRoutes)
  .route('/workspaces', workspacesRoutes)
  .route('/attachables', attachablesRoutes)
  .route('/dashboard', dashboardRoutes)
  .route('/notifications', staffNotificationsRoutes)
  .route('/portal/enter', portalEnterRoutes)
  .route('/verify-email', verifyEmailRoutes)
  .route('/portal/quotes', portalQuotesRoutes)
  .route('/portal', portalRoutes)
  .route('/visit-requests', visitRequestsRoutes)
  .route('/payments/webhooks', paymentWebhookRoutes);

/** The API's contract, as a type (see `src/client/api/contract.ts` for the client's side). */
export type ApiRoutes = typeof apiRoutes;
