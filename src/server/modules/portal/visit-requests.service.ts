import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import { PORTAL_MESSAGES, type visitRequestPatch, type visitRequestsQuery } from '../../../shared/schemas/portal';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import type { Executor } from '../../db/client';
import { clients, properties, visitRequests, visits } from '../../db/schema';
import { aRow, countUpTo, toPage } from '../../db/sql';
import { conflict, notFound } from '../../errors';
import { requestColumns, toRequestDto } from './portal.service';

// The office's side of 'Request a visit': owners and managers list the requests and
// mark each scheduled (with the visit they made for it) or declined. Technicians: 403.

/** `GET /api/visit-requests?status=open`: oldest first (the longest waiting at the top). */
export async function listVisitRequests(db: Executor, member: Member, query: z.output<typeof visitRequestsQuery>) {
  authorize(policy.visitRequest.can(member).handle, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const where = and(policy.visitRequest.scope(member), eq(visitRequests.status, query.status));
  const rows = await db
    .select({ ...requestColumns })
    .from(visitRequests)
    .innerJoin(clients, eq(clients.id, visitRequests.clientId))
    .innerJoin(properties, eq(properties.id, visitRequests.propertyId))
    .where(where)
    .orderBy(query.status === 'open' ? visitRequests.createdAt : desc(visitRequests.createdAt), visitRequests.id)
    .limit(query.limit)
    .offset(query.offset);
  return toPage(rows, query, () => countUpTo(db, db.select(aRow).from(visitRequests).where(where)), toRequestDto);
}

/**
 * `PATCH /api/visit-requests/{id}`: an open request becomes scheduled (its visit must be one the
 * member sees, at the requested property) or declined; 409 once it was handled.
 */
export async function updateVisitRequest(
  db: Executor,
  member: Member,
  id: string,
  patch: z.output<typeof visitRequestPatch>,
) {
  authorize(policy.visitRequest.can(member).handle, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  await requireRecord(db, member, 'visitRequest', id);
  const visitId = patch.status === 'scheduled' ? (patch.visitId ?? null) : null;
  if (visitId) {
    await requireRecord(db, member, 'visit', visitId);
    const [atProperty] = await db
      .select({ id: visits.id })
      .from(visits)
      .innerJoin(visitRequests, eq(visitRequests.propertyId, visits.propertyId))
      .where(and(eq(visits.id, visitId), eq(visitRequests.id, id)));
    if (!atProperty) throw conflict(PORTAL_MESSAGES.visitAtOtherProperty);
  }
  const [changed] = await db
    .update(visitRequests)
    .set({ status: patch.status, visitId, handledBy: member.id, handledAt: sql`now()` })
    .where(and(eq(visitRequests.id, id), eq(visitRequests.status, 'open'), policy.visitRequest.scope(member)))
    .returning({ id: visitRequests.id });
  if (!changed) throw conflict(PORTAL_MESSAGES.requestHandled);
  const [row] = await db
    .select(requestColumns)
    .from(visitRequests)
    .innerJoin(clients, eq(clients.id, visitRequests.clientId))
    .innerJoin(properties, eq(properties.id, visitRequests.propertyId))
    .where(eq(visitRequests.id, id));
  if (!row) throw notFound(PORTAL_MESSAGES.requestNotFound);
  return toRequestDto(row);
}
