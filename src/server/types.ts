import type { Member, PortalClient } from './access/member';
import type { Auth } from './auth/auth';
import type { Actor } from './auth/actor';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { PaymentProvider } from './payments/provider';
import type { Storage } from './storage/storage';

/** What every request handler can reach through `c.var`. */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Database;
    auth: Auth;
    storage: Storage;
    mailer: Mailer;
    /** Null when online payment is off (no provider configured). */
    payments: PaymentProvider | null;
    actor: Actor | null;
  };
}

/** For routers mounted behind `signedIn` / `adminOnly`. */
export interface UserEnv {
  Variables: AppEnv['Variables'] & { user: Actor };
}

/** For routers of business data, mounted behind `inWorkspace`: the user inside their current workspace. */
export interface MemberEnv {
  Variables: UserEnv['Variables'] & { member: Member };
}

/** For the portal's routers: the client the portal cookie (or a verified account) stands for. */
export interface PortalEnv {
  Variables: AppEnv['Variables'] & { portal: PortalClient };
}
