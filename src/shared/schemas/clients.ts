import { z } from 'zod';
import { oneLine } from '../text';
import { TEXT_LIMITS } from '../constants';
import { CLIENT_MESSAGES } from '../messages/clients';
import { optionalText, pageQuery } from './common';

// The people a business works for, per workspace. docs/api.md "Clients".

const optionalEmail = optionalText(TEXT_LIMITS.email, 'Email').refine(
  (value) => value === null || z.email().safeParse(value).success,
  CLIENT_MESSAGES.invalidEmail,
);

/** `POST /api/clients` and `PATCH /api/clients/:id` (the whole form; a PATCH may leave fields out). */
export const clientInput = z.object({
  name: z
    .string(CLIENT_MESSAGES.nameRequired)
    .overwrite(oneLine)
    .trim()
    .min(1, CLIENT_MESSAGES.nameRequired)
    .max(TEXT_LIMITS.name, CLIENT_MESSAGES.nameTooLong),
  company: optionalText(TEXT_LIMITS.company, 'Company'),
  email: optionalEmail,
  phone: optionalText(TEXT_LIMITS.phone, 'Phone'),
  billingAddress: optionalText(TEXT_LIMITS.address, 'Billing address'),
  notes: optionalText(TEXT_LIMITS.description, 'Notes'),
});
export type ClientInput = z.input<typeof clientInput>;

/**
 * `PATCH /api/clients/:id`: any of the fields; one left out is kept (outer `optional`, so an
 * absent field stays absent instead of becoming the null a blank one is).
 */
const { name, company, email, phone, billingAddress, notes } = clientInput.shape;
export const clientPatch = z.object({
  name: name.optional(),
  company: company.optional(),
  email: email.optional(),
  phone: phone.optional(),
  billingAddress: billingAddress.optional(),
  notes: notes.optional(),
});

/** `GET /api/clients?q=&limit=&offset=` and `GET /api/clients.csv?q=`: q searches name, e-mail and phone. */
export const listClientsQuery = pageQuery.extend({
  q: z
    .string()
    .trim()
    .max(TEXT_LIMITS.search)
    .optional()
    .transform((value) => value || undefined),
});
export type ListClientsQuery = z.input<typeof listClientsQuery>;

/** What the caller may do with a client (access/policy.ts `policy.client.can`). */
export interface ClientCan {
  edit: boolean;
  delete: boolean;
}

/** What a technician sees of a visit's client: the name and phone, nothing else. */
export interface VisitClientDto {
  name: string;
  phone: string | null;
}

export { CLIENT_MESSAGES };
