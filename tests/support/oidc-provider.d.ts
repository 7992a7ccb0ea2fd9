// The package ships no types (and @types/oidc-provider is not installed): just what tests/support/idp.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Interaction {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[] };
    grantId?: string;
    session?: { accountId: string };
  }

  export interface Account {
    accountId: string;
    claims: (use: string, scope: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    jwks?: { keys: Record<string, unknown>[] };
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    interactions?: { url: (ctx: unknown, interaction: Interaction) => string };
    findAccount?: (ctx: unknown, sub: string) => Promise<Account | undefined> | Account | undefined;
    renderError?: (
      ctx: { type: string; body: unknown },
      out: { error: string; error_description?: string },
      error: Error,
    ) => void | Promise<void>;
  }

  export class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly Grant: typeof Grant;
    readonly Client: { adapter: { upsert(id: string, payload: Record<string, unknown>): Promise<void> } };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: 'server_error', listener: (ctx: unknown, error: Error) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
