import { z } from 'zod';
import { ACCOUNT_ROLES } from '../constants';

/** spec §6: the three account roles; anything else is refused with a 400. */
export const accountRole = z.enum(ACCOUNT_ROLES, { message: 'Role must be customer, provider or admin' });
