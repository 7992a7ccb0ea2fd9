import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PageQuery } from '../../../shared/schemas/common';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { PORTAL_LINK_TTL_DAYS, PORTAL_SESSION_DAYS } from '../../../shared/notifications';
import { PORTAL_MESSAGES } from '../../../shared/schemas/portal';
import type { Member } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { clients, portalLinks, portalSessions, workspaces } from '../../db/schema';
import { aRow, countUpTo, toPage } from '../../db/sql';
import { AppError, conflict, notFound } from '../../errors';
import { rootCause } from '../../log';
import type { MailDeps } from '../../mail/outgoing';
import { sendAsPerson } from '../../mail/outgoing';

// Portal links and sessions. A link is a random 32-byte token e-mailed to the client;
// only its sha256 is stored. The link opens a page (/portal/enter/{token}) with one button, 'Open
// my portal', which posts the token (POST /api/portal/enter/{token}): that uses it up and starts a
// 30-day portal session, whose own random token is the cookie (again only its sha256 is stored).
// Opening the link (GET or HEAD, as a mail scanner does) never uses it up. Revoking a client's
// access ends both.

const DAY_MS = 24 * 3600_000;

/** The page an e-mailed link opens, with its token after it (docs/api.md "Client portal"). */
export const PORTAL_ENTER_PATH = '/portal/enter';
/** The portal session's cookie. */
export const PORTAL_COOKIE = 'rounds_portal';

export const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Only a portal path is a place a link may lead (never another site, never the staff app). */
export const portalPath = (next: string | null | undefined): string | null =>
  next && /^\/portal(\/[A-Za-z0-9\-_/]*)?$/.test(next) && !next.includes('//') ? next : null;

/**
 * Makes a single-use portal link for the client, valid 7 days, and answers its absolute URL on
 * `publicUrl`. `next` (a /portal/ path, e.g. '/portal/visits/<id>') is where it leads once signed
 * in. The mail worker puts these links in notification e-mails, so the signature is fixed.
 */
export async function issuePortalLink(
  db: Executor,
  client: { workspaceId: string; clientId: string },
  options: { publicUrl: string; next?: string; createdBy?: string | null },
): Promise<string> {
  const token = newToken();
  await db.insert(portalLinks).values({
    workspaceId: client.workspaceId,
    clientId: client.clientId,
    tokenHash: sha256(token),
    next: portalPath(options.next),
    createdBy: options.createdBy ?? null,
    expiresAt: new Date(Date.now() + PORTAL_LINK_TTL_DAYS * DAY_MS),
  });
  return `${options.publicUrl.replace(/\/$/, '')}${PORTAL_ENTER_PATH}/${token}`;
}

/**
 * Follows a link: uses the token up (once: the update only takes a link not used, not revoked and
 * not expired) and starts a portal session recording the address and browser (the sign-in).
 * Null for a used, expired, revoked or unknown token.
 */
export async function enterPortal(
  db: Executor,
  token: string,
  seen: { ipAddress: string | null; userAgent: string | null },
): Promise<{ sessionToken: string; next: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(portalLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(portalLinks.tokenHash, sha256(token)),
          isNull(portalLinks.usedAt),
          isNull(portalLinks.revokedAt),
          sql`${portalLinks.expiresAt} > now()`,
        ),
      )
      .returning({
        id: portalLinks.id,
        workspaceId: portalLinks.workspaceId,
        clientId: portalLinks.clientId,
        next: portalLinks.next,
      });
    if (!link) return null;
    const sessionToken = newToken();
    await tx.insert(portalSessions).values({
      workspaceId: link.workspaceId,
      clientId: link.clientId,
      linkId: link.id,
      tokenHash: sha256(sessionToken),
      ipAddress: seen.ipAddress,
      userAgent: seen.userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(Date.now() + PORTAL_SESSION_DAYS * DAY_MS),
    });
    return { sessionToken, next: portalPath(link.next) ?? '/portal' };
  });
}

/** The member's client (404 otherwise), after checking they may manage clients (403 for a technician). */
async function requireManagedClient(db: Executor, member: Member, clientId: string) {
  authorize(policy.workspace.can(member).manageClients, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const [row] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, business: workspaces.name })
    .from(clients)
    .innerJoin(workspaces, eq(workspaces.id, clients.workspaceId))
    .where(and(eq(clients.id, clientId), policy.client.scope(member)));
  if (!row) throw notFound(policy.client.notFound);
  return row;
}

/** `POST /api/clients/{id}/portal-link`: e-mails the client a portal link from the business. Answers the address. */
export async function sendPortalLink(
  deps: MailDeps & { config: Pick<Config, 'publicUrl'> },
  member: Member,
  clientId: string,
): Promise<{ email: string }> {
  const client = await requireManagedClient(deps.db, member, clientId);
  const email = client.email?.trim();
  if (!email) throw conflict(PORTAL_MESSAGES.clientWithoutEmail);
  const url = await issuePortalLink(
    deps.db,
    { workspaceId: member.workspaceId, clientId },
    { publicUrl: deps.config.publicUrl, createdBy: member.id },
  );
  const business = client.business || 'Rounds';
  const text = [
    `Hello ${client.name},`,
    '',
    `${business} has given you a page of your own: your visits, their reports and photos, your invoices, and a way to request a visit.`,
    '',
    `Open your portal: ${url}`,
    '',
    `The link works once and for ${PORTAL_LINK_TTL_DAYS} days. If it no longer works, ask ${business} for a new one.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(client.name)},</p>
<p>${escapeHtml(business)} has given you a page of your own: your visits, their reports and photos, your invoices, and a way to request a visit.</p>
<p><a href="${escapeHtml(url)}">Open your portal</a></p>
<p>The link works once and for ${PORTAL_LINK_TTL_DAYS} days. If it no longer works, ask ${escapeHtml(business)} for a new one.</p>`;
  try {
    await sendAsPerson(deps, member, 'portal_link', {
      to: email,
      subject: PORTAL_MESSAGES.mailSubject(business),
      text,
      html,
      fromName: business,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_GATEWAY', PORTAL_MESSAGES.sendFailed(rootCause(error)));
  }
  return { email };
}

/** `POST /api/clients/{id}/portal-revoke`: every unused link and every open session of the client end now. */
export async function revokePortalAccess(db: Executor, member: Member, clientId: string): Promise<void> {
  await requireManagedClient(db, member, clientId);
  await db.transaction(async (tx) => {
    await tx
      .update(portalLinks)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(portalLinks.clientId, clientId), isNull(portalLinks.usedAt), isNull(portalLinks.revokedAt)));
    await tx
      .update(portalSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(portalSessions.clientId, clientId), isNull(portalSessions.revokedAt)));
  });
}

/** `GET /api/clients/{id}/portal-sign-ins`: newest first. */
export async function listPortalSignIns(db: Executor, member: Member, clientId: string, page: PageQuery) {
  await requireManagedClient(db, member, clientId);
  const where = eq(portalSessions.clientId, clientId);
  const rows = await db
    .select({
      id: portalSessions.id,
      createdAt: portalSessions.createdAt,
      ipAddress: portalSessions.ipAddress,
      userAgent: portalSessions.userAgent,
    })
    .from(portalSessions)
    .where(where)
    .orderBy(desc(portalSessions.createdAt), desc(portalSessions.id))
    .limit(page.limit)
    .offset(page.offset);
  return toPage(
    rows,
    page,
    () => countUpTo(db, db.select(aRow).from(portalSessions).where(where)),
    ({ createdAt, ...row }) => ({ ...row, signedInAt: createdAt.toISOString() }),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
