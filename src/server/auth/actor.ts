import type { AccountRole } from '../../shared/constants';

/** The signed-in user as every service sees them. */
export interface Actor {
  id: string;
  email: string;
  role: AccountRole;
  /** The address is proven. Until then: no invitations accepted, no e-mail to others. */
  emailVerified: boolean;
}

export const isAdmin = (actor: Actor) => actor.role === 'admin';
