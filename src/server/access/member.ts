import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { WorkspaceRole } from '../../shared/constants';
import { WORKSPACE_MESSAGES } from '../../shared/messages/workspaces';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { preparedPerHandle } from '../db/sql';
import { clients, portalSessions, users, workspaceMembers } from '../db/schema';
import { forbidden, notFound } from '../errors';

// Who a request acts as. A `Member` is a signed-in user inside their current workspace, with their
// role there; a `PortalClient` is a client in the portal. Only the files of src/server/access make
// either (this one resolves them), so a service that reads or writes business data cannot be
// called without the workspace having been checked (tests/lint/policy.test.ts).

declare const memberBrand: unique symbol;

/** The signed-in user inside their current workspace; made by `resolveMember` only. */
export interface Member extends Actor {
  readonly workspaceId: string;
  readonly workspaceRole: WorkspaceRole;
  readonly [memberBrand]: true;
}

declare const portalBrand: unique symbol;

/**
 * A client in the portal, limited to that client's own records: made by
 * `resolvePortalClient` only (a portal session's cookie, or a signed-in account whose verified
 * e-mail is the client's). Not a Member: no staff route accepts one.
 */
export interface PortalClient {
  readonly workspaceId: string;
  readonly clientId: string;
  readonly [portalBrand]: true;
}

/**
 * The client an outbox message is addressed to (its row names them), reading what the portal
 * would show them: the visit report a message attaches is the client's view of it.
 */
export const messageRecipient = (to: { workspaceId: string; clientId: string }): PortalClient =>
  ({ workspaceId: to.workspaceId, clientId: to.clientId }) as PortalClient;

/** Who reads a record the portal shows too (a visit's report, an invoice's PDF, a photo). */
export type Viewer = Member | PortalClient;
export const isPortalClient = (viewer: Viewer): viewer is PortalClient => 'clientId' in viewer;

/** Owners and managers run the business (the office); technicians work in the field. */
export const manages = (member: Member) => member.workspaceRole !== 'technician';

/**
 * The request's workspace: the one `requested` names (the `X-Workspace` header), else the user's
 * default, else the first they joined. One query. `requested` that is not one of theirs:
 * `{ member: null, refused: true }` (404 for business routes; `/api/me` falls back instead).
 */
export async function resolveMember(
  db: Executor,
  actor: Actor,
  requested: string | null,
): Promise<{ member: Member | null; refused: boolean }> {
  // uuids are case-insensitive (PostgreSQL prints them in lower case).
  const wanted = requested && UUID.test(requested) ? requested.toLowerCase() : null;
  const [row] = await memberQuery(db).execute({ userId: actor.id, wanted });
  const refused = requested !== null && row?.workspaceId !== wanted;
  if (!row) return { member: null, refused };
  return { member: asMember(actor, row.workspaceId, row.role), refused };
}

/**
 * The membership query of every business request, built and prepared once per
 * database or transaction handle instead of once per request: the same statement, the same rows.
 */
function prepareMemberQuery(db: Executor) {
  return db
    .select({ workspaceId: workspaceMembers.workspaceId, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, sql.placeholder('userId')))
    .orderBy(
      sql`${workspaceMembers.workspaceId} = ${sql.placeholder('wanted')} desc nulls last`,
      sql`${workspaceMembers.workspaceId} = ${users.defaultWorkspaceId} desc nulls last`,
      workspaceMembers.createdAt,
    )
    .limit(1)
    .prepare('member_of_request');
}

const memberQuery = preparedPerHandle(prepareMemberQuery);

/** A Member for a workspace the caller has just checked: src/server/access only. */
function asMember(actor: Actor, workspaceId: string, workspaceRole: WorkspaceRole): Member {
  return { ...actor, workspaceId, workspaceRole } as Member;
}

/**
 * The portal's client of a request. A portal session (by its cookie token's sha256)
 * that is neither revoked nor expired, of a client that still exists; else a signed-in account
 * whose VERIFIED e-mail is a client's (case-insensitive): the client of `requested` (the
 * `X-Workspace` header) when there is one, else the one added first. Null for anyone else.
 */
export async function resolvePortalClient(
  db: Executor,
  from: {
    sessionTokenHash: string | null;
    actor: Actor | null;
    requested?: string | null;
    seen?: { ipAddress: string | null; userAgent: string | null };
  },
): Promise<PortalClient | null> {
  if (from.sessionTokenHash) {
    const [row] = await db
      .select({ workspaceId: clients.workspaceId, clientId: clients.id })
      .from(portalSessions)
      .innerJoin(clients, eq(clients.id, portalSessions.clientId))
      .where(
        and(
          eq(portalSessions.tokenHash, from.sessionTokenHash),
          isNull(portalSessions.revokedAt),
          sql`${portalSessions.expiresAt} > now()`,
        ),
      );
    if (row) return row as PortalClient;
  }
  const actor = from.actor;
  if (!actor?.emailVerified) return null;
  const wanted = from.requested && UUID.test(from.requested) ? from.requested.toLowerCase() : null;
  // The account's way in is a portal session of its own (user_id set): listed with the client's
  // sign-ins, and once revoked ('Revoke portal access', or leaving the business) it stays shut.
  const [row] = await db
    .select({ workspaceId: clients.workspaceId, clientId: clients.id, signIn: portalSessions.id })
    .from(clients)
    .leftJoin(portalSessions, and(eq(portalSessions.clientId, clients.id), eq(portalSessions.userId, actor.id)))
    .where(and(sql`lower(btrim(${clients.email})) = lower(${actor.email})`, isNull(portalSessions.revokedAt)))
    .orderBy(sql`${clients.workspaceId} = ${wanted} desc nulls last`, clients.createdAt, clients.id)
    .limit(1);
  if (!row) return null;
  if (!row.signIn) {
    await db
      .insert(portalSessions)
      .values({
        workspaceId: row.workspaceId,
        clientId: row.clientId,
        userId: actor.id,
        // Never a cookie's hash: the account's own session is its way in, not a token.
        tokenHash: `account:${randomUUID()}`,
        ipAddress: from.seen?.ipAddress ?? null,
        userAgent: from.seen?.userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date('9999-12-31T00:00:00Z'),
      })
      .onConflictDoNothing();
  }
  return { workspaceId: row.workspaceId, clientId: row.clientId } as PortalClient;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How much a role may do, to compare two: an owner does all a manager does, a manager all a technician does. */
const ROLE_RANK: Record<WorkspaceRole, number> = { technician: 0, manager: 1, owner: 2 };

/**
 * An idempotent replay (a write sent again with its `Idempotency-Key`) answers with the first
 * answer only while its user still has the access that answer was made under: a member of the
 * same workspace with a role at least as strong. Removed: 404 as for any workspace not theirs;
 * demoted: 403. A request made in no workspace (personal routes) has nothing to re-check.
 */
export async function requireReplayAllowed(
  db: Executor,
  actor: Actor,
  first: { workspaceId: string | null; role: WorkspaceRole | null },
): Promise<void> {
  if (!first.workspaceId || !first.role) return;
  const { member, refused } = await resolveMember(db, actor, first.workspaceId);
  if (!member || refused) throw notFound(WORKSPACE_MESSAGES.notFound);
  if (ROLE_RANK[member.workspaceRole] < ROLE_RANK[first.role]) {
    throw forbidden(WORKSPACE_MESSAGES.roleChangedSinceRequest);
  }
}
