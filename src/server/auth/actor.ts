import type { AccountRole } from '../../shared/constants';

/** The signed-in user as every service sees them. */
export interface Actor {
  id: string;
  email: string;
  role: AccountRole;
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';
