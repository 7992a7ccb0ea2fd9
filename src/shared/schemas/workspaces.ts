import { z } from 'zod';
import { oneLine } from '../text';
import { isCountryCode, isLocaleTag, isSupportedCurrency, type BusinessLocale } from '../locale';
import { clientNotificationSwitches, reminderHours } from './client-messages';
import { TEXT_LIMITS, WORKSPACE_ROLES, type WorkspaceRole } from '../constants';
import { WORKSPACE_MESSAGES } from '../messages/workspaces';
import { optionalText, tooLong } from './common';
import { bothOrNeither, latitude, longitude } from './coordinates';

// Workspaces (a business), their settings, members and invitations. Fixed shapes:
// `GET`/`PATCH /api/workspaces/{id}`, `GET /api/workspaces/{id}/members`, invitations.

export const workspaceRole = z.enum(WORKSPACE_ROLES, { message: WORKSPACE_MESSAGES.roleInvalid });

/** A workspace as the switcher and `GET /api/me` name it. */
export interface WorkspaceRef extends BusinessLocale {
  id: string;
  name: string;
  role: WorkspaceRole;
}

/** What the member may do in their current workspace (access/policy.ts `policy.workspace.can`); the UI shows buttons from it. */
export interface WorkspaceCan {
  /** Business settings and the team. */
  manageSettings: boolean;
  manageMembers: boolean;
  /** Invite or promote someone as owner (owners only). */
  appointOwners: boolean;
  /** Properties, the catalogue, scheduling and assigning (owners and managers). */
  manageProperties: boolean;
  manageCatalogue: boolean;
  scheduleVisits: boolean;
  /** Prices and invoices: never for technicians. */
  seePrices: boolean;
  seeInvoices: boolean;
  /** Clients (owners and managers). */
  manageClients: boolean;
  /** The time report per template (owners and managers). */
  seeTimeReport: boolean;
  /** Send a visit's report to the client (owners and managers). */
  sendReports: boolean;
  /** Delete the workspace and everything in it (owners only). */
  deleteWorkspace: boolean;
}

/**
 * `GET /api/me/before-claim` items: a workspace the account owned when its address was claimed
 * from whoever signed up with it unproven, with what is in it.
 */
export interface BeforeClaimWorkspace {
  id: string;
  name: string;
  clients: number;
  properties: number;
  visits: number;
}

/** An IANA time zone name the runtime knows ('Europe/Lisbon'). */
export const timeZoneName = z
  .string()
  .trim()
  .min(1, WORKSPACE_MESSAGES.timeZoneInvalid)
  .max(64, WORKSPACE_MESSAGES.timeZoneInvalid)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, WORKSPACE_MESSAGES.timeZoneInvalid);

/** ISO 3166-1 alpha-2 ('AU'). */
export const countryCode = z
  .string(WORKSPACE_MESSAGES.countryInvalid)
  .trim()
  .toUpperCase()
  .refine(isCountryCode, WORKSPACE_MESSAGES.countryInvalid);

/** A BCP 47 tag the runtime formats with ('en-AU'), as written canonically. */
export const localeTag = z
  .string(WORKSPACE_MESSAGES.localeInvalid)
  .trim()
  .refine(isLocaleTag, WORKSPACE_MESSAGES.localeInvalid);

/** ISO 4217 with two minor units ('AUD'). */
export const currencyCode = z
  .string(WORKSPACE_MESSAGES.currencyInvalid)
  .trim()
  .toUpperCase()
  .refine(isSupportedCurrency, WORKSPACE_MESSAGES.currencyInvalid);

const optionalEmail = optionalText(TEXT_LIMITS.email, 'Email').refine(
  (value) => value === null || z.email().safeParse(value).success,
  'Please enter a valid email address',
);

/** `PATCH /api/workspaces/{id}`: any of the business settings (owners and managers). */
export const updateWorkspaceInput = z
  .object({
    name: z
      .string(WORKSPACE_MESSAGES.nameRequired)
      .overwrite(oneLine)
      .trim()
      .min(1, WORKSPACE_MESSAGES.nameRequired)
      .max(TEXT_LIMITS.name, tooLong('Business name', TEXT_LIMITS.name)),
    address: optionalText(TEXT_LIMITS.address, 'Address'),
    phone: optionalText(TEXT_LIMITS.phone, 'Phone'),
    email: optionalEmail,
    taxRateBps: z
      .number(WORKSPACE_MESSAGES.taxRateInvalid)
      .int(WORKSPACE_MESSAGES.taxRateInvalid)
      .min(0, WORKSPACE_MESSAGES.taxRateInvalid)
      .max(10_000, WORKSPACE_MESSAGES.taxRateInvalid),
    paymentTermsDays: z
      .number(WORKSPACE_MESSAGES.paymentTermsInvalid)
      .int(WORKSPACE_MESSAGES.paymentTermsInvalid)
      .min(0, WORKSPACE_MESSAGES.paymentTermsInvalid)
      .max(365, WORKSPACE_MESSAGES.paymentTermsInvalid),
    invoicePrefix: z
      .string(WORKSPACE_MESSAGES.prefixInvalid)
      .trim()
      .regex(/^[A-Za-z0-9._/-]{0,12}$/, WORKSPACE_MESSAGES.prefixInvalid),
    timeZone: timeZoneName,
    country: countryCode,
    locale: localeTag,
    currency: currencyCode,
    /** The client notifications the business sends, and when the reminder goes. */
    clientNotifications: clientNotificationSwitches,
    reminderHours,
    /** Quotes: the prefix of their numbers, the default terms and days valid, and 'Quote waiting' after N days (null: off). */
    quotePrefix: z
      .string(WORKSPACE_MESSAGES.prefixInvalid)
      .trim()
      .regex(/^[A-Za-z0-9._/-]{0,12}$/, WORKSPACE_MESSAGES.prefixInvalid),
    quoteTerms: z.string().trim().max(20000, tooLong('Quote terms', 20000)),
    quoteValidDays: z
      .number('Quotes are valid 1 to 365 days')
      .int('Quotes are valid 1 to 365 days')
      .min(1, 'Quotes are valid 1 to 365 days')
      .max(365, 'Quotes are valid 1 to 365 days'),
    quoteReminderDays: z
      .number('The quote reminder goes after 1 to 90 days')
      .int('The quote reminder goes after 1 to 90 days')
      .min(1, 'The quote reminder goes after 1 to 90 days')
      .max(90, 'The quote reminder goes after 1 to 90 days')
      .nullable(),
    /** Where the technicians' routes start and end (a member's own points come first); both or neither. */
    depotAddress: optionalText(TEXT_LIMITS.address, 'Depot address'),
    depotLatitude: latitude.nullable(),
    depotLongitude: longitude.nullable(),
  })
  .partial()
  .superRefine((value, ctx) => bothOrNeither(value, ctx, ['depotLatitude', 'depotLongitude']))
  .refine((value) => Object.values(value).some((field) => field !== undefined), WORKSPACE_MESSAGES.nothingToChange);
export type UpdateWorkspaceInput = z.input<typeof updateWorkspaceInput>;

/** The Business settings form, in the units people type (a tax rate in percent, with up to two decimals). */
export const businessSettingsForm = z.object({
  name: z
    .string()
    .overwrite(oneLine)
    .trim()
    .min(1, WORKSPACE_MESSAGES.nameRequired)
    .max(TEXT_LIMITS.name, tooLong('Business name', TEXT_LIMITS.name)),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  taxRatePercent: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, WORKSPACE_MESSAGES.taxRateInvalid)
    .transform((value) => Math.round(Number(value) * 100))
    .refine((bps) => bps <= 10_000, WORKSPACE_MESSAGES.taxRateInvalid),
  paymentTermsDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, WORKSPACE_MESSAGES.paymentTermsInvalid)
    .transform(Number)
    .refine((days) => days <= 365, WORKSPACE_MESSAGES.paymentTermsInvalid),
  invoicePrefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._/-]{0,12}$/, WORKSPACE_MESSAGES.prefixInvalid),
  timeZone: timeZoneName,
  country: countryCode,
  locale: localeTag,
  currency: currencyCode,
});

/** Onboarding: 'What is your business called?' (and the browser's time zone). */
export const setUpWorkspaceInput = z.object({
  name: z
    .string(WORKSPACE_MESSAGES.nameRequired)
    .overwrite(oneLine)
    .trim()
    .min(1, WORKSPACE_MESSAGES.nameRequired)
    .max(TEXT_LIMITS.name, tooLong('Business name', TEXT_LIMITS.name)),
  timeZone: timeZoneName.optional(),
});

/** `PATCH /api/workspaces/{id}/members/{userId}`. */
export const updateMemberInput = z.object({ role: workspaceRole });

/** `POST /api/workspaces/{id}/invitations` (202, the same answer whoever the address is). */
export const inviteMemberInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required')
    .max(TEXT_LIMITS.email, tooLong('Email', TEXT_LIMITS.email))
    .pipe(z.email('Please enter a valid email address'))
    .transform((value) => value.toLowerCase()),
  role: workspaceRole,
});
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

/** The secret in an invitation link: 32 random bytes, base64url. */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, WORKSPACE_MESSAGES.invitationNotFound);

/** `PUT /api/me/workspace`: the workspace a request without `X-Workspace` is in. */
export const chooseWorkspaceInput = z.object({ workspaceId: z.uuid(WORKSPACE_MESSAGES.notFound) });

export { WORKSPACE_MESSAGES };
