import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './shell/route-error';

// spec §2's routes. Every page is loaded lazily, so /login fetches only what it needs. The
// routes are declarative (`useRoutes`), not a data router (`createBrowserRouter`): we use no
// loaders or actions, and the data router costs ≈ 16 KB gzipped more on every page.

/** A route element whose code is fetched when it first shows, or earlier by `preloadRoute`. */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  type Module = { default: ComponentType };
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => (loading ??= load().then((Component) => (loaded = { default: Component })));
  // Code already loaded is handed to React.lazy as a thenable that resolves at once, so the route
  // renders without suspending: a suspended first render shows the fallback, and React then holds
  // the page back until at least 300 ms after it (its fallback throttle).
  const Component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    return { then: (resolve: (value: Module) => void) => resolve(module) } as unknown as Promise<Module>;
  });
  return { element: <Component />, handle: { preload } };
}

// The query cache and the guards: not needed by /login, /signup and /clear-auth.
// The data layout counts as loaded once the copy of the cache kept in IndexedDB is in.
const withData = page(() => import('./shell/guards').then((m) => m.cacheRestored.then(() => m.WithData)));
const requireAuth = page(() => import('./shell/guards').then((m) => m.RequireAuth));
const requireAdmin = page(() => import('./shell/guards').then((m) => m.RequireAdmin));

export const routes: RouteObject[] = [
  { path: 'login', ...page(() => import('./features/auth/login-page').then((m) => m.LoginPage)) },
  { path: 'signup', ...page(() => import('./features/auth/signup-page').then((m) => m.SignupPage)) },
  // The pages e-mailed links lead to, and 'Forgot password?'; no sign-in needed.
  {
    path: 'forgot-password',
    ...page(() => import('./features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  },
  {
    path: 'reset-password',
    ...page(() => import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
  },
  {
    path: 'verify-email',
    ...page(() => import('./features/auth/verify-email-page').then((m) => m.VerifyEmailPage)),
  },
  {
    path: 'verify-email/:token',
    ...page(() => import('./features/auth/verify-email-page').then((m) => m.VerifyEmailLinkPage)),
  },
  {
    path: 'clear-auth',
    ...page(() => import('./features/auth/clear-auth-page').then((m) => m.ClearAuthPage)),
  },
  // The client portal: its own layout (the business's name, no staff shell), no sign-in.
  { path: 'portal/*', ...page(() => import('./features/portal/portal-app').then((m) => m.PortalApp)) },
  {
    ...withData,
    children: [
      {
        path: 'signout',
        ...page(() => import('./features/auth/signout-page').then((m) => m.SignOutPage)),
      },
      // An invitation e-mail's link: no sign-in needed (it signs up or joins from there).
      {
        path: 'invitations/:token',
        ...page(() => import('./features/workspaces/invitation-page').then((m) => m.InvitationPage)),
      },
      // A client's e-mail's unsubscribe link; no sign-in (the data layer, for its two calls).
      {
        path: 'unsubscribe/:token',
        ...page(() => import('./features/unsubscribe/unsubscribe-page').then((m) => m.UnsubscribePage)),
      },
      {
        path: 'auth-test',
        ...page(() => import('./features/auth/auth-test-page').then((m) => m.AuthTestPage)),
      },
      {
        ...requireAuth,
        children: [
          { index: true, ...page(() => import('./shell/landing').then((m) => m.Landing)) },
          {
            path: 'dashboard',
            ...page(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
          },
          {
            path: 'today',
            ...page(() => import('./features/visits/today/today-page').then((m) => m.TodayPage)),
          },
          {
            path: 'resources/clients',
            ...page(() => clientsListPage().then((m) => m.ClientsListPage)),
          },
          {
            path: 'resources/clients/new',
            ...page(() => import('./features/clients/client-form-page').then((m) => m.NewClientPage)),
          },
          {
            path: 'resources/clients/:id',
            ...page(() => import('./features/clients/client-detail-page').then((m) => m.ClientDetailPage)),
          },
          {
            path: 'resources/clients/:id/edit',
            ...page(() => import('./features/clients/client-form-page').then((m) => m.EditClientPage)),
          },
          {
            path: 'resources/properties',
            ...page(() => import('./features/properties/properties-list-page').then((m) => m.PropertiesListPage)),
          },
          {
            path: 'resources/properties/new',
            ...page(() => import('./features/properties/property-form-page').then((m) => m.NewPropertyPage)),
          },
          {
            path: 'resources/properties/:id',
            ...page(() => import('./features/properties/property-detail-page').then((m) => m.PropertyDetailPage)),
          },
          {
            path: 'resources/properties/:id/edit',
            ...page(() => import('./features/properties/property-form-page').then((m) => m.EditPropertyPage)),
          },
          {
            path: 'resources/properties/:id/tasks',
            ...page(() => import('./features/properties/property-tasks-page').then((m) => m.PropertyTasksPage)),
          },
          {
            path: 'resources/tasks',
            ...page(() => import('./features/tasks/tasks-list-page').then((m) => m.TasksListPage)),
          },
          {
            path: 'resources/tasks/new',
            ...page(() => import('./features/tasks/task-form-page').then((m) => m.NewTaskPage)),
          },
          {
            path: 'resources/tasks/time-report',
            // In the task list's chunk (re-exported there): a chunk of its own cost every page's
            // script 76 bytes in main (its dependency list), past /resources/invoices/new's budget.
            ...page(() => import('./features/tasks/tasks-list-page').then((m) => m.TimeReportPage)),
          },
          {
            path: 'resources/tasks/:id',
            ...page(() => import('./features/tasks/task-detail-page').then((m) => m.TaskDetailPage)),
          },
          {
            path: 'resources/tasks/:id/edit',
            ...page(() => import('./features/tasks/task-form-page').then((m) => m.EditTaskPage)),
          },
          {
            path: 'resources/tasks/:id/assign',
            ...page(() => import('./features/tasks/assign-task-page').then((m) => m.AssignTaskPage)),
          },
          {
            path: 'resources/visits',
            ...page(() => import('./features/visits/visits-list-page').then((m) => m.VisitsListPage)),
          },
          {
            path: 'resources/visits/new',
            ...page(() => import('./features/visits/new-visit-page').then((m) => m.NewVisitPage)),
          },
          {
            path: 'resources/visits/new-series',
            ...page(() => import('./features/visits/new-series-page').then((m) => m.NewSeriesPage)),
          },
          {
            path: 'resources/visits/:id/edit-series',
            ...page(() => import('./features/visits/edit-series-page').then((m) => m.EditSeriesPage)),
          },
          {
            path: 'resources/calendar',
            ...page(() => import('./features/calendar/calendar-page').then((m) => m.CalendarPage)),
          },
          {
            path: 'resources/visits/:id',
            ...page(() => import('./features/visits/visit-detail-page').then((m) => m.VisitDetailPage)),
          },
          {
            path: 'resources/visits/:id/edit',
            ...page(() => import('./features/visits/edit-visit-page').then((m) => m.EditVisitPage)),
          },
          {
            path: 'resources/visits/:id/report',
            ...page(() => import('./features/visits/visit-report-page').then((m) => m.VisitReportPage)),
          },
          {
            path: 'resources/visits/:id/tasks',
            ...page(() => import('./features/visits/visit-tasks-page').then((m) => m.VisitTasksPage)),
          },
          {
            path: 'resources/tasks/:id/add-to-visit',
            ...page(() => import('./features/visits/add-task-to-visit-page').then((m) => m.AddTaskToVisitPage)),
          },
          {
            path: 'resources/requests',
            // In the clients list's chunk (re-exported there): a chunk of its own cost main ≈ 160 bytes.
            ...page(() => clientsListPage().then((m) => m.VisitRequestsPage)),
          },
          {
            path: 'resources/invoices',
            ...page(() => import('./features/invoices/invoices-page').then((m) => m.InvoicesPage)),
          },
          {
            path: 'resources/invoices/new',
            ...page(() => import('./features/invoices/invoice-form-page').then((m) => m.NewInvoicePage)),
          },
          {
            path: 'resources/invoices/:id',
            ...page(() => import('./features/invoices/invoice-detail-page').then((m) => m.InvoiceDetailPage)),
          },
          {
            path: 'resources/invoices/:id/edit',
            ...page(() => import('./features/invoices/invoice-form-page').then((m) => m.EditInvoicePage)),
          },
          {
            path: 'resources/notes',
            ...page(() => import('./features/notes/notes-page').then((m) => m.NotesPage)),
          },
          {
            path: 'resources/notes/new',
            ...page(() => import('./features/notes/note-form-page').then((m) => m.NewNotePage)),
          },
          {
            path: 'resources/notes/:id',
            ...page(() => import('./features/notes/note-detail-page').then((m) => m.NoteDetailPage)),
          },
          {
            path: 'resources/notes/:id/edit',
            ...page(() => import('./features/notes/note-form-page').then((m) => m.EditNotePage)),
          },
          {
            path: 'resources/photos',
            ...page(() => import('./features/photos/photos-page').then((m) => m.PhotosPage)),
          },
          {
            path: 'resources/photos/upload',
            ...page(() => import('./features/photos/upload-photo-page').then((m) => m.UploadPhotoPage)),
          },
          {
            path: 'resources/photos/:id',
            ...page(() => import('./features/photos/photo-detail-page').then((m) => m.PhotoDetailPage)),
          },
          {
            path: 'resources/profile',
            ...page(() => import('./features/profiles/my-profile-page').then((m) => m.MyProfilePage)),
          },
          {
            path: 'resources/profiles',
            ...page(() => import('./features/profiles/secondary-profiles-page').then((m) => m.SecondaryProfilesPage)),
          },
          {
            path: 'resources/profiles/new',
            ...page(() =>
              import('./features/profiles/secondary-profile-form-page').then((m) => m.NewSecondaryProfilePage),
            ),
          },
          {
            path: 'resources/profiles/:id',
            ...page(() => import('./features/profiles/secondary-profile-page').then((m) => m.SecondaryProfilePage)),
          },
          {
            path: 'resources/profiles/:id/edit',
            ...page(() =>
              import('./features/profiles/secondary-profile-form-page').then((m) => m.EditSecondaryProfilePage),
            ),
          },
          {
            path: 'settings',
            ...page(() => import('./features/workspaces/pages').then((m) => m.BusinessSettingsPage)),
          },
          {
            path: 'settings/members',
            ...page(() => import('./features/workspaces/pages').then((m) => m.MembersPage)),
          },
          {
            path: 'settings/new-business',
            ...page(() => import('./features/workspaces/pages').then((m) => m.NewBusinessPage)),
          },
          {
            path: 'test-db',
            ...page(() => import('./features/debug/test-db-page').then((m) => m.TestDbPage)),
          },
          {
            ...requireAdmin,
            children: [
              {
                path: 'admin/users',
                ...page(() => import('./features/admin/users-page').then((m) => m.UsersPage)),
              },
              {
                path: 'admin/users/:id/edit',
                ...page(() => import('./features/admin/edit-user-page').then((m) => m.EditUserPage)),
              },
            ],
          },
        ],
      },
    ],
  },
  // Lazy like the pages: every first load (/login too) carries the app's chunk, not this page.
  { path: '*', ...page(() => import('./shell/not-found-page').then((m) => m.NotFoundPage)) },
];

/** Starts fetching the code of every route `pathname` matches (layouts, guards, page) at once, not one after another. */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.handle as { preload?: () => Promise<unknown> } | undefined)?.preload?.(),
    ),
  );
}

/** The routes, with one error page for any that fails to render or to load (spec §2). */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={null}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

// 'Visit requests' loads with the clients list: one import, its chunks listed once in main.
function clientsListPage() {
  return import('./features/clients/clients-list-page');
}
