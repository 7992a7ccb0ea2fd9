// The clients messages. Free of zod, so a page that only shows them does not load it;
// src/shared/schemas/clients.ts uses and re-exports them.
import { TEXT_LIMITS } from '../constants';
import { tooLong } from './text';

export const CLIENT_MESSAGES = {
  nameRequired: 'Client name is required',
  nameTooLong: tooLong('Client name', TEXT_LIMITS.name),
  invalidEmail: 'Please enter a valid email address',
  notFound: 'Client not found',
  saveFailed: 'Failed to save client',
  deleteConfirm: 'Delete this client? Its properties stay, without a client.',
  deleteError: 'Error deleting client',
  noClients: 'No clients yet',
  createdFromProperty: 'Client created from this property',
} as const;
