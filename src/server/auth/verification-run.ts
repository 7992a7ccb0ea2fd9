import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Set by better-auth's `afterEmailVerification` (auth.ts) while our POST runs: better-auth answers
 * a link whose address is verified already just as it answers the first use, and this tells the two
 * apart, so a link used once is refused.
 */
export const verificationRun = new AsyncLocalStorage<{ verified: boolean }>();
