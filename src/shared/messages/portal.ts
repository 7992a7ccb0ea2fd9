// The client portal's messages. Free of zod, so a page that only shows them does not
// load it; src/shared/schemas/portal.ts uses and re-exports them.
import { VISIT_REQUEST_LIMITS } from '../notifications';

export const PORTAL_MESSAGES = {
  // staff: the client page's 'Client portal' section
  sectionTitle: 'Client portal',
  sendLink: 'Send portal link',
  linkSent: (email: string) => `Portal link sent to ${email}`,
  clientWithoutEmail: 'The client has no e-mail address to send the portal link to',
  sendFailed: (message: string) => `Failed to send the portal link: ${message}`,
  revoke: 'Revoke portal access',
  revokeConfirm:
    'Revoke portal access? Every link not yet used and every open portal session of this client stop working.',
  revoked: 'Portal access revoked',
  signIns: 'Portal sign-ins',
  noSignIns: 'No portal sign-ins yet',
  mailSubject: (business: string) => `Your portal at ${business}`,
  // the portal
  notSignedIn: 'Please open the portal from the link in your e-mail',
  linkInvalid: 'This link is no longer valid. Please ask the business for a new one.',
  visitNotFound: 'Visit not found',
  invoiceNotFound: 'Invoice not found',
  photoNotFound: 'Photo not found',
  upcomingVisits: 'Upcoming visits',
  pastVisits: 'Past visits',
  noUpcomingVisits: 'No upcoming visits',
  noPastVisits: 'No past visits yet',
  invoices: 'Invoices',
  noInvoices: 'No invoices yet',
  requestVisit: 'Request a visit',
  requestSent: 'Thank you. Your request was sent; the business will contact you to schedule the visit.',
  // 'Request a visit'
  propertyRequired: 'Please choose a property',
  propertyNotYours: 'Property not found',
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  dateInPast: 'Preferred dates cannot be in the past',
  tooManyDates: `Choose at most ${VISIT_REQUEST_LIMITS.dates} preferred dates`,
  messageTooLong: `Message must be at most ${VISIT_REQUEST_LIMITS.message} characters`,
  requestedText: (client: string, property: string) => `${client} requested a visit at ${property}`,
  // staff: 'Visit requests'
  requestsTitle: 'Visit requests',
  noRequests: 'No open visit requests',
  requestNotFound: 'Visit request not found',
  requestHandled: 'This request was already handled',
  scheduleVisit: 'Schedule visit',
  decline: 'Decline',
  visitIdRequired: 'A scheduled request needs the visit made for it',
  visitAtOtherProperty: 'The visit is not at the requested property',
} as const;
