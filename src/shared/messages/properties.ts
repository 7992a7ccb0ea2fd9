// spec §8: the properties messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/properties.ts uses and re-exports them.
import { TEXT_LIMITS } from '../constants';
import { tooLong } from './text';

export const PROPERTY_MESSAGES = {
  nameRequired: 'Property name is required',
  addressRequired: 'Property address is required',
  nameTooLong: tooLong('Property name', TEXT_LIMITS.name),
  addressTooLong: tooLong('Property address', TEXT_LIMITS.address),
  saveFailed: 'Failed to save property',
  notFound: 'Property not found',
  deleteError: 'Error deleting property',
} as const;
