import { and, eq } from 'drizzle-orm';
import { QUOTE_MESSAGES, type PortalQuoteDto } from '../../../shared/schemas/quotes';
import type { PortalClient } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { properties, quotes, workspaces } from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { notFound } from '../../errors';
import { contentHashOf, pastValidUntil, readVersion, shownDeposit, shownStatus } from './quote-read';
import { sql } from 'drizzle-orm';

// The client's side of a quote: the version sent (or an older one a link names, marked
// superseded), with the hash of what it shows, which the approval sends back.

/** `GET /api/portal/quotes/{id}?version=`: the version shown and its `contentHash`; another client's is 404. */
export async function getPortalQuote(
  db: Executor,
  client: PortalClient,
  id: string,
  asked?: number,
): Promise<PortalQuoteDto> {
  const [head] = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      sentVersion: quotes.sentVersion,
      approvedOptionId: quotes.approvedOptionId,
      approvedLineIds: quotes.approvedLineIds,
      approvedTotal: quotes.approvedTotal,
      depositAmount: quotes.depositAmount,
      business: { name: workspaces.name },
      property: propertySummary,
    })
    .from(quotes)
    .innerJoin(workspaces, eq(workspaces.id, quotes.workspaceId))
    .innerJoin(properties, eq(properties.id, quotes.propertyId))
    .where(and(eq(quotes.id, id), policy.portal.quote(client)));
  if (!head || head.sentVersion === null) throw notFound(QUOTE_MESSAGES.notFound);
  // A version never sent is not the client's to see.
  const number = asked !== undefined && asked <= head.sentVersion ? asked : head.sentVersion;
  const version = await readVersion(db, id, number);
  if (!version) throw notFound(QUOTE_MESSAGES.notFound);
  const [expiry] = await db
    .select({ expired: pastValidUntil(sql`${version.validUntil}::date`) })
    .from(quotes)
    .where(eq(quotes.id, id));
  const expired = expiry?.expired ?? false;
  const status = shownStatus(expired, head.status);
  const superseded = number !== head.sentVersion;
  const open = status === 'sent' && !superseded;
  const { versionId: _versionId, ...content } = version;
  return {
    ...content,
    id: head.id,
    number: head.number,
    status,
    business: head.business,
    property: head.property,
    currentVersion: head.sentVersion,
    superseded,
    expired,
    contentHash: contentHashOf(version),
    approvedOptionId: head.approvedOptionId,
    approvedLineIds: head.approvedLineIds ?? [],
    approvedTotal: head.approvedTotal,
    depositAmount: shownDeposit(version, head.approvedTotal, head.depositAmount),
    can: policy.portalQuote.can(open),
  };
}
