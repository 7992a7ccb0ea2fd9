import { z } from 'zod';
import { dollarsToCents } from '../money';
import { DEFAULT_COUNTRY, PROPERTY_ROLES, type PropertyRole, type VisitStatus } from '../constants';
import { optionalText, pageQuery } from './common';

// spec §5 (property rules), §8 (messages) and the property endpoints of docs/api.md.

export const PROPERTY_MESSAGES = {
  nameRequired: 'Property name is required',
  addressRequired: 'Property address is required',
  nameTooLong: 'Property name must be at most 200 characters',
  addressTooLong: 'Property address must be at most 500 characters',
  saveFailed: 'Failed to save property',
  notFound: 'Property not found',
  deleteError: 'Error deleting property',
} as const;

/** `POST /api/properties` and `PATCH /api/properties/:id` (the whole form). */
export const propertyInput = z.object({
  name: z
    .string(PROPERTY_MESSAGES.nameRequired)
    .trim()
    .min(1, PROPERTY_MESSAGES.nameRequired)
    .max(200, PROPERTY_MESSAGES.nameTooLong),
  address: z
    .string(PROPERTY_MESSAGES.addressRequired)
    .trim()
    .min(1, PROPERTY_MESSAGES.addressRequired)
    .max(500, PROPERTY_MESSAGES.addressTooLong),
  city: optionalText(200),
  state: optionalText(100),
  zipCode: optionalText(20),
  country: optionalText(100).transform((value) => value ?? DEFAULT_COUNTRY),
});
export type PropertyInput = z.input<typeof propertyInput>;

const search = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

/** `GET /api/properties?q=&limit=&offset=`: q searches name and address. */
export const listPropertiesQuery = pageQuery.extend({ q: search });
export type ListPropertiesQuery = z.input<typeof listPropertiesQuery>;

/** Money travels as integer cents; null means "no custom price". */
const cents = z
  .number('Price must be a number')
  .int('Price must be a whole number of cents')
  .min(0, 'Price must be 0 or more')
  .max(99_999_999_999, 'Price is too large');

/** `POST /api/properties/:id/tasks`: add a template (or add a removed one back). */
export const addPropertyTaskInput = z.object({
  taskId: z.uuid('Please select a task'),
  customPrice: cents.nullish().transform((value) => value ?? null),
});
export type AddPropertyTaskInput = z.input<typeof addPropertyTaskInput>;

/** A custom-price field of a form, in dollars (step 0.01); blank means "use the default price". */
export const customPriceField = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d+(\.\d{0,2})?$/.test(value), 'Price must be 0 or more, in steps of 0.01')
  .transform((value) => dollarsToCents(value));

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

export const propertyRole = z.enum(PROPERTY_ROLES, { message: 'Role must be owner or technician' });

/** `POST /api/properties/:id/people`: link an existing user by e-mail. */
export const linkPersonInput = z.object({
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  role: propertyRole,
});
export type LinkPersonInput = z.input<typeof linkPersonInput>;

/** `PATCH /api/properties/:id/people/:userId`. */
export const updatePersonInput = z.object({ role: propertyRole });

export const PEOPLE_MESSAGES = {
  noSuchUser: 'No user with that email address',
  alreadyLinked: 'That user is already linked to this property',
  lastOwner: 'A property must keep at least one owner',
  personNotFound: 'That user is not linked to this property',
  ownersOnly: "Only the property's owners may do this",
} as const;

// ── response shapes ──

export interface PhotoRef {
  id: string;
  url: string;
  thumbnailUrl: string;
}

export interface PropertyDto {
  id: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string;
  createdAt: string;
  /** The actor's relationship; null for an admin who is not linked. */
  role: PropertyRole | null;
}

/** `GET /api/properties` items, newest first. */
export interface PropertyListItem extends PropertyDto {
  firstPhoto: PhotoRef | null;
}

export interface PropertyTaskDto {
  /** The property_task id. */
  id: string;
  taskId: string;
  name: string;
  description: string | null;
  customPrice: number | null;
  defaultPrice: number | null;
  /** custom price, else the template's default, in cents. */
  price: number | null;
  estimatedDurationMinutes: number | null;
  isActive: boolean;
}

/** `GET /api/properties/:id`: the property with its active tasks. */
export interface PropertyDetail extends PropertyDto {
  /** The actor may edit, delete and manage people (an owner or an admin). */
  canManage: boolean;
  tasks: PropertyTaskDto[];
}

/** `GET /api/properties/:id/visits` items, newest first. */
export interface PropertyVisitDto {
  id: string;
  scheduledAt: string;
  status: VisitStatus;
  completedTaskCount: number;
  taskCount: number;
}

/** `GET /api/properties/:id/people` items. */
export interface PropertyPersonDto {
  userId: string;
  email: string;
  displayName: string | null;
  role: PropertyRole;
}
