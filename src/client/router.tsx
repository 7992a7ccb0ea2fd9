import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './shell/guards';
import { NotFoundPage } from './shell/not-found-page';
import { RouteError } from './shell/route-error';

// spec §2's routes. Every page is loaded lazily, so /login fetches only what it needs.

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', lazy: async () => ({ Component: (await import('./features/auth/login-page')).LoginPage }) },
      { path: 'signup', lazy: async () => ({ Component: (await import('./features/auth/signup-page')).SignupPage }) },
      {
        path: 'signout',
        lazy: async () => ({ Component: (await import('./features/auth/signout-page')).SignOutPage }),
      },
      {
        path: 'clear-auth',
        lazy: async () => ({ Component: (await import('./features/auth/clear-auth-page')).ClearAuthPage }),
      },
      {
        path: 'auth-test',
        lazy: async () => ({ Component: (await import('./features/auth/auth-test-page')).AuthTestPage }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'dashboard',
            lazy: async () => ({ Component: (await import('./features/dashboard/dashboard-page')).DashboardPage }),
          },
          {
            path: 'resources/properties',
            lazy: async () => ({
              Component: (await import('./features/properties/properties-list-page')).PropertiesListPage,
            }),
          },
          {
            path: 'resources/properties/new',
            lazy: async () => ({
              Component: (await import('./features/properties/property-form-page')).NewPropertyPage,
            }),
          },
          {
            path: 'resources/properties/:id',
            lazy: async () => ({
              Component: (await import('./features/properties/property-detail-page')).PropertyDetailPage,
            }),
          },
          {
            path: 'resources/properties/:id/edit',
            lazy: async () => ({
              Component: (await import('./features/properties/property-form-page')).EditPropertyPage,
            }),
          },
          {
            path: 'resources/properties/:id/tasks',
            lazy: async () => ({
              Component: (await import('./features/properties/property-tasks-page')).PropertyTasksPage,
            }),
          },
          {
            path: 'resources/tasks',
            lazy: async () => ({ Component: (await import('./features/tasks/tasks-list-page')).TasksListPage }),
          },
          {
            path: 'resources/tasks/new',
            lazy: async () => ({ Component: (await import('./features/tasks/task-form-page')).NewTaskPage }),
          },
          {
            path: 'resources/tasks/:id',
            lazy: async () => ({ Component: (await import('./features/tasks/task-detail-page')).TaskDetailPage }),
          },
          {
            path: 'resources/tasks/:id/edit',
            lazy: async () => ({ Component: (await import('./features/tasks/task-form-page')).EditTaskPage }),
          },
          {
            path: 'resources/tasks/:id/assign',
            lazy: async () => ({ Component: (await import('./features/tasks/assign-task-page')).AssignTaskPage }),
          },
          {
            path: 'resources/visits',
            lazy: async () => ({ Component: (await import('./features/visits/visits-list-page')).VisitsListPage }),
          },
          {
            path: 'resources/visits/new',
            lazy: async () => ({ Component: (await import('./features/visits/new-visit-page')).NewVisitPage }),
          },
          {
            path: 'resources/visits/:id',
            lazy: async () => ({ Component: (await import('./features/visits/visit-detail-page')).VisitDetailPage }),
          },
          {
            path: 'resources/visits/:id/edit',
            lazy: async () => ({ Component: (await import('./features/visits/edit-visit-page')).EditVisitPage }),
          },
          {
            path: 'resources/visits/:id/tasks',
            lazy: async () => ({ Component: (await import('./features/visits/visit-tasks-page')).VisitTasksPage }),
          },
          {
            path: 'resources/tasks/:id/add-to-visit',
            lazy: async () => ({
              Component: (await import('./features/visits/add-task-to-visit-page')).AddTaskToVisitPage,
            }),
          },
          {
            path: 'resources/invoices',
            lazy: async () => ({ Component: (await import('./features/invoices/invoices-page')).InvoicesPage }),
          },
          {
            path: 'resources/invoices/new',
            lazy: async () => ({ Component: (await import('./features/invoices/invoice-form-page')).NewInvoicePage }),
          },
          {
            path: 'resources/invoices/:id',
            lazy: async () => ({
              Component: (await import('./features/invoices/invoice-detail-page')).InvoiceDetailPage,
            }),
          },
          {
            path: 'resources/invoices/:id/edit',
            lazy: async () => ({ Component: (await import('./features/invoices/invoice-form-page')).EditInvoicePage }),
          },
          {
            path: 'resources/notes',
            lazy: async () => ({ Component: (await import('./features/notes/notes-page')).NotesPage }),
          },
          {
            path: 'resources/notes/new',
            lazy: async () => ({ Component: (await import('./features/notes/note-form-page')).NewNotePage }),
          },
          {
            path: 'resources/notes/:id',
            lazy: async () => ({ Component: (await import('./features/notes/note-detail-page')).NoteDetailPage }),
          },
          {
            path: 'resources/notes/:id/edit',
            lazy: async () => ({ Component: (await import('./features/notes/note-form-page')).EditNotePage }),
          },
          {
            path: 'resources/photos',
            lazy: async () => ({ Component: (await import('./features/photos/photos-page')).PhotosPage }),
          },
          {
            path: 'resources/photos/upload',
            lazy: async () => ({ Component: (await import('./features/photos/upload-photo-page')).UploadPhotoPage }),
          },
          {
            path: 'resources/photos/:id',
            lazy: async () => ({ Component: (await import('./features/photos/photo-detail-page')).PhotoDetailPage }),
          },
          {
            path: 'resources/profile',
            lazy: async () => ({ Component: (await import('./features/profiles/my-profile-page')).MyProfilePage }),
          },
          {
            path: 'resources/profiles',
            lazy: async () => ({
              Component: (await import('./features/profiles/secondary-profiles-page')).SecondaryProfilesPage,
            }),
          },
          {
            path: 'resources/profiles/new',
            lazy: async () => ({
              Component: (await import('./features/profiles/secondary-profile-form-page')).NewSecondaryProfilePage,
            }),
          },
          {
            path: 'resources/profiles/:id',
            lazy: async () => ({
              Component: (await import('./features/profiles/secondary-profile-page')).SecondaryProfilePage,
            }),
          },
          {
            path: 'resources/profiles/:id/edit',
            lazy: async () => ({
              Component: (await import('./features/profiles/secondary-profile-form-page')).EditSecondaryProfilePage,
            }),
          },
          {
            path: 'test-db',
            lazy: async () => ({ Component: (await import('./features/debug/test-db-page')).TestDbPage }),
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin/users',
                lazy: async () => ({ Component: (await import('./features/admin/users-page')).UsersPage }),
              },
              {
                path: 'admin/users/:id/edit',
                lazy: async () => ({ Component: (await import('./features/admin/edit-user-page')).EditUserPage }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
