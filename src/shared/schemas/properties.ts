import { z } from 'zod';
import { oneLine } from '../text';
import { DEFAULT_COUNTRY, TEXT_LIMITS } from '../constants';
import { optionalText, pageQuery } from './common';
import { cents, dollarsField, optionalCents } from './money';
import { PROPERTY_MESSAGES } from '../messages/properties';
import { bothOrNeither, latitude, longitude } from './coordinates';

// spec §5 (property rules), §8 (messages) and the property endpoints of docs/api.md.

/** `POST /api/properties` and `PATCH /api/properties/:id` (the whole form). */
export const propertyInput = z
  .object({
    name: z
      .string(PROPERTY_MESSAGES.nameRequired)
      .overwrite(oneLine)
      .trim()
      .min(1, PROPERTY_MESSAGES.nameRequired)
      .max(TEXT_LIMITS.name, PROPERTY_MESSAGES.nameTooLong),
    address: z
      .string(PROPERTY_MESSAGES.addressRequired)
      .trim()
      .min(1, PROPERTY_MESSAGES.addressRequired)
      .max(TEXT_LIMITS.address, PROPERTY_MESSAGES.addressTooLong),
    city: optionalText(TEXT_LIMITS.place, 'City'),
    state: optionalText(TEXT_LIMITS.place, 'State'),
    zipCode: optionalText(TEXT_LIMITS.place, 'ZIP'),
    country: optionalText(TEXT_LIMITS.place, 'Country').transform((value) => value ?? DEFAULT_COUNTRY),
    /** The client the property belongs to; null clears it, left out keeps it (PATCH). */
    clientId: z.preprocess(
      (value) => (value === '' ? null : value),
      z.uuid('Please select a client').nullable().optional(),
    ),
    /** Every visit here needs the customer's signature; left out, off (create) or unchanged. */
    requireSignature: z.boolean('Require signature must be true or false').optional(),
    /** Completing a visit here sends its report to the client's e-mail. */
    sendReportOnComplete: z.boolean('Send report on completion must be true or false').optional(),
    /**
     * Where it is, set by a person (the form, 'Set location from here', the pin): both or neither;
     * null clears them; left out, the geocoder places it from its address when one is configured.
     */
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
  })
  .superRefine((value, ctx) => bothOrNeither(value, ctx));
export type PropertyInput = z.input<typeof propertyInput>;

const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

/** `GET /api/properties?q=&limit=&offset=`: q searches name and address. */
export const listPropertiesQuery = pageQuery.extend({
  q: search,
  /** The properties of one client (owners and managers). */
  clientId: z.uuid().optional(),
});
export type ListPropertiesQuery = z.input<typeof listPropertiesQuery>;

/** `POST /api/properties/:id/tasks`: add a template (or add a removed one back). */
export const addPropertyTaskInput = z.object({
  taskId: z.uuid('Please select a task'),
  /** null: no custom price (the template's default applies). */
  customPrice: optionalCents,
});
export type AddPropertyTaskInput = z.input<typeof addPropertyTaskInput>;

/** A custom-price field of a form, in dollars; blank means "use the default price". */
export const customPriceField = dollarsField;

/** The "Add a task" form of Manage Tasks, into an `addPropertyTaskInput` body. */
export const propertyTaskForm = z.object({
  taskId: z.string().min(1, 'Please select a task'),
  customPrice: customPriceField,
});

/** `PATCH /api/properties/:id/tasks/:propertyTaskId`. */
export const updatePropertyTaskInput = z
  .object({ customPrice: cents.nullable().optional(), isActive: z.boolean().optional() })
  .refine((value) => value.customPrice !== undefined || value.isActive !== undefined, 'Nothing to change');
export type UpdatePropertyTaskInput = z.input<typeof updatePropertyTaskInput>;

// ── response shapes ──

export interface PhotoRef {
  id: string;
  url: string;
  thumbnailUrl: string;
}

/** What the caller may do with a property (access/policy.ts `policy.property.can`). */
export interface PropertyCan {
  edit: boolean;
  delete: boolean;
  manageTasks: boolean;
  scheduleVisit: boolean;
  seeInvoices: boolean;
  /** A technician sees no price. */
  seePrices: boolean;
  /** See and set the property's client ('Create client from this property'). */
  manageClient: boolean;
}

export { PROPERTY_MESSAGES };
