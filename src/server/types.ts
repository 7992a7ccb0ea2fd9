import type { Auth } from './auth/auth';
import type { Actor } from './auth/session';
import type { Config } from './config';
import type { Database } from './db/client';

/** What every request handler can reach through `c.var`. */
export interface AppEnv {
  Variables: {
    config: Config;
    db: Database;
    auth: Auth;
    actor: Actor | null;
  };
}

/** For routers mounted behind `signedIn` / `adminOnly`. */
export interface UserEnv {
  Variables: AppEnv['Variables'] & { user: Actor };
}
