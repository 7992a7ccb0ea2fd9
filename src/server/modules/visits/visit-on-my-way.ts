import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CLIENT_MESSAGE_TEXTS, type onMyWayInput } from '../../../shared/schemas/client-messages';
import { VISIT_MESSAGES, type VisitDetailDto } from '../../../shared/schemas/visits';
import type { Member } from '../../access/member';
import type { Database } from '../../db/client';
import { visits } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { queueOnMyWay } from '../notifications';
import { requireVisit } from './visit-rows';
import { getVisit } from './visits.service';

/**
 * `POST /api/visits/{id}/on-my-way`: whoever is on the visit tells the client they are
 * coming, with an arrival estimate. Only before the visit starts (409 after); once per visit (a
 * second tap, or a replay of the first, changes nothing and sends nothing). The visit's version
 * is not bumped: it is not a change to the visit a phone could conflict with.
 */
export async function markOnMyWay(
  db: Database,
  member: Member,
  id: string,
  input: z.output<typeof onMyWayInput>,
): Promise<VisitDetailDto> {
  await requireVisit(db, member, id);
  await db.transaction(async (tx) => {
    const [visit] = await tx
      .select({ status: visits.status, onMyWayAt: visits.onMyWayAt })
      .from(visits)
      .where(eq(visits.id, id))
      .for('update');
    if (!visit) throw notFound(VISIT_MESSAGES.notFound);
    if (visit.status !== 'scheduled') throw conflict(CLIENT_MESSAGE_TEXTS.alreadyStarted);
    if (visit.onMyWayAt) return;
    const etaAt = new Date(Date.now() + input.etaMinutes * 60_000);
    await tx.update(visits).set({ onMyWayAt: new Date(), etaAt }).where(eq(visits.id, id));
    await queueOnMyWay(tx, member, id, etaAt);
  });
  return getVisit(db, member, id);
}
