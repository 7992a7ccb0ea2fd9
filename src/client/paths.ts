import type { NoteAttachableType } from '../shared/constants';
import { IDENTITY_PAGES, LOGIN_AFTER_RESET } from '../shared/identity';

// Every URL of spec §2, built in one place.

export const paths = {
  home: () => '/',
  login: () => '/login',
  /** /login saying the password was changed. */
  loginAfterReset: () => `/login?reset=${LOGIN_AFTER_RESET}`,
  forgotPassword: () => IDENTITY_PAGES.forgotPassword,
  resetPassword: () => IDENTITY_PAGES.resetPassword,
  verifyEmail: () => IDENTITY_PAGES.verifyEmail,
  signup: () => '/signup',
  signout: () => '/signout',
  clearAuth: () => '/clear-auth',
  authTest: () => '/auth-test',
  dashboard: () => '/dashboard',
  /** The page an invitation e-mail's link opens. */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  /** A field worker's visits for today and the next six days. */
  today: () => '/today',
  testDb: () => '/test-db',
  /** The current workspace's business settings, and its members and invitations. */
  settings: () => '/settings',
  members: () => '/settings/members',
  /** 'New business' from the switcher. */
  newBusiness: () => '/settings/new-business',

  properties: () => '/resources/properties',
  newProperty: () => '/resources/properties/new',
  property: (id: string) => `/resources/properties/${id}`,
  editProperty: (id: string) => `/resources/properties/${id}/edit`,
  propertyTasks: (id: string) => `/resources/properties/${id}/tasks`,

  /** The people the business works for. */
  clients: () => '/resources/clients',
  newClient: () => '/resources/clients/new',
  client: (id: string) => `/resources/clients/${id}`,
  editClient: (id: string) => `/resources/clients/${id}/edit`,

  tasks: () => '/resources/tasks',
  newTask: () => '/resources/tasks/new',
  taskTimeReport: () => '/resources/tasks/time-report',
  task: (id: string) => `/resources/tasks/${id}`,
  editTask: (id: string) => `/resources/tasks/${id}/edit`,
  assignTask: (id: string) => `/resources/tasks/${id}/assign`,
  addTaskToVisit: (id: string) => `/resources/tasks/${id}/add-to-visit`,

  /** The visits list, optionally only today's or the completed ones not yet invoiced (the dashboard's numbers). */
  visits: (only?: 'today' | 'unbilled') =>
    only === 'today'
      ? '/resources/visits?when=today'
      : only === 'unbilled'
        ? '/resources/visits?status=completed&unbilled=true'
        : '/resources/visits',
  /** With `requestId`, the client's visit request the new visit schedules. */
  newVisit: (propertyId?: string, requestId?: string) =>
    propertyId
      ? `/resources/visits/new?property=${encodeURIComponent(propertyId)}${requestId ? `&request=${encodeURIComponent(requestId)}` : ''}`
      : '/resources/visits/new',
  /** A visit that repeats; from a property's page, with it chosen. */
  newSeries: (propertyId?: string) =>
    propertyId
      ? `/resources/visits/new-series?property=${encodeURIComponent(propertyId)}`
      : '/resources/visits/new-series',
  /** Change the series from this occurrence on ('following') or all of it ('all'). */
  editSeries: (visitId: string, scope: 'following' | 'all') =>
    `/resources/visits/${visitId}/edit-series?scope=${scope}`,
  /** The calendar, optionally at a day ('YYYY-MM-DD') in a view. */
  calendar: (at?: { date: string; view?: 'month' | 'week' | 'day' }) =>
    at
      ? `/resources/calendar?date=${encodeURIComponent(at.date)}${at.view && at.view !== 'week' ? `&view=${at.view}` : ''}`
      : '/resources/calendar',
  visit: (id: string) => `/resources/visits/${id}`,
  /** The clients' visit requests (the office's). */
  visitRequests: () => '/resources/requests',
  editVisit: (id: string) => `/resources/visits/${id}/edit`,
  visitTasks: (id: string) => `/resources/visits/${id}/tasks`,
  /** The visit report (its PDF is the API's). */
  visitReport: (id: string) => `/resources/visits/${id}/report`,

  /** The invoices list, optionally of one status. */
  invoices: (status?: 'overdue' | 'paid') => (status ? `/resources/invoices?status=${status}` : '/resources/invoices'),
  newInvoice: (visitId?: string) =>
    visitId ? `/resources/invoices/new?visit=${encodeURIComponent(visitId)}` : '/resources/invoices/new',
  invoice: (id: string) => `/resources/invoices/${id}`,
  editInvoice: (id: string) => `/resources/invoices/${id}/edit`,

  notes: () => '/resources/notes',
  newNote: (attach?: { type: string; id: string }) =>
    attach
      ? `/resources/notes/new?type=${encodeURIComponent(attach.type)}&id=${encodeURIComponent(attach.id)}`
      : '/resources/notes/new',
  note: (id: string) => `/resources/notes/${id}`,
  editNote: (id: string) => `/resources/notes/${id}/edit`,

  photos: () => '/resources/photos',
  uploadPhoto: () => '/resources/photos/upload',
  photo: (id: string) => `/resources/photos/${id}`,

  profile: () => '/resources/profile',
  profiles: () => '/resources/profiles',
  newProfile: () => '/resources/profiles/new',
  secondaryProfile: (id: string) => `/resources/profiles/${id}`,
  editProfile: (id: string) => `/resources/profiles/${id}/edit`,

  /** spec §2 Notes: where each attachable type's record is shown. */
  attachable: (type: NoteAttachableType, id: string): string => {
    switch (type) {
      case 'property':
        return paths.property(id);
      case 'task':
        return paths.task(id);
      case 'visit':
        return paths.visit(id);
      case 'invoice':
        return paths.invoice(id);
      case 'client':
        return paths.client(id);
      case 'profile':
        return paths.profile();
      case 'secondary_profile':
        return paths.secondaryProfile(id);
      case 'photo':
        return paths.photo(id);
    }
  },

  adminUsers: () => '/admin/users',
  adminEditUser: (id: string) => `/admin/users/${id}/edit`,
} as const;

/**
 * Where a person starts after signing in or joining: a technician (or the spec's field worker,
 * a provider) on Today, owners and managers on the dashboard.
 */
export function landingPath(me: { isProvider?: boolean; workspace: { role: string } | null } | null | undefined) {
  return me?.isProvider || me?.workspace?.role === 'technician' ? paths.today() : paths.dashboard();
}

/** A page a sign-in may return to (`/login?next=`): only an invitation's page. */
export function safeNext(next: string | null): string | null {
  return next && /^\/invitations\/[A-Za-z0-9_-]{20,100}$/.test(next) ? next : null;
}
