import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatsFor } from '../../../shared/locale';
import {
  optionAmounts,
  QUOTE_MESSAGES,
  type ApproveQuoteFields,
  type QuoteLineDto,
  type QuoteVersionDto,
} from '../../../shared/schemas/quotes';
import type { Member, PortalClient } from '../../access/member';
import { policy } from '../../access/policy';
import type { Database, Executor } from '../../db/client';
import {
  clients,
  quoteOptions,
  quotes,
  quoteVersions,
  tasks,
  visitSeries,
  visits,
  visitTasks,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { copyTemplatesToVisits } from '../../db/template-copy';
import { nextWorkingDayAtTimeOf } from '../../db/workspace-time';
import { badRequest, conflict, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { createDepositInvoice } from '../invoices';
import { notifyStaff, officeOf } from '../notifications';
import { checkRule, horizonFrom, lockSeries, makeOccurrences } from '../series';
import { insertVisits } from '../visits';
import { localityOf } from '../workspaces';
import { contentHashOf, pastValidUntil, readVersion } from './quote-read';

// A quote's approval (in the portal, or in person on an owner's or manager's phone) and its
// decline. The approval checks what was signed against what the quote says now (the version sent,
// the content hash, the 'valid until' day in the business's zone), and in the same transaction,
// under the quote row's lock, makes the work once: a visit (or a series for a plan), its tasks the
// chosen lines with their prices, and the deposit invoice.

/** Who approves: the client in the portal, or an owner or manager handing their phone over. */
export type Approver = { portal: PortalClient } | { member: Member };

const scopeOf = (who: Approver) => ('portal' in who ? policy.portal.quote(who.portal) : policy.quote.scope(who.member));
const workspaceOf = (who: Approver) => ('portal' in who ? who.portal.workspaceId : who.member.workspaceId);

/** The quote locked for its approval or decline, with the version the client has; 404 when not theirs. */
async function lockForAnswer(tx: Executor, who: Approver, id: string) {
  const [quote] = await tx
    .select({
      id: quotes.id,
      number: quotes.number,
      status: quotes.status,
      sentVersion: quotes.sentVersion,
      propertyId: quotes.propertyId,
      jobAt: quotes.jobAt,
      plan: quotes.plan,
      createdBy: quotes.createdBy,
      clientName: clients.name,
    })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(and(eq(quotes.id, id), scopeOf(who)))
    .for('update', { of: quotes });
  if (!quote) throw notFound(QUOTE_MESSAGES.notFound);
  if (quote.status === 'draft' || quote.sentVersion === null) throw conflict(QUOTE_MESSAGES.notSent);
  if (quote.status !== 'sent') throw conflict(QUOTE_MESSAGES.notOpen(quote.status));
  const version = await readVersion(tx, id, quote.sentVersion);
  if (!version) throw notFound(QUOTE_MESSAGES.notFound);
  const [expiry] = await tx
    .select({ expired: pastValidUntil(sql`${version.validUntil}::date`) })
    .from(quotes)
    .where(eq(quotes.id, id));
  return { quote, version, expired: expiry?.expired ?? false };
}

/** The option and add-ons chosen, checked against the version sent (409 for an older version's option). */
async function chosenOf(tx: Executor, quoteId: string, version: QuoteVersionDto, fields: ApproveQuoteFields) {
  const option = version.options.find((each) => each.id === fields.optionId);
  if (!option) {
    // An option of an earlier version: the client signed a quote that has since been updated.
    const [older] = await tx
      .select({ id: quoteOptions.id })
      .from(quoteOptions)
      .innerJoin(quoteVersions, eq(quoteVersions.id, quoteOptions.versionId))
      .where(and(eq(quoteOptions.id, fields.optionId), eq(quoteVersions.quoteId, quoteId)));
    if (older) throw conflict(QUOTE_MESSAGES.updated);
    throw badRequest(QUOTE_MESSAGES.optionNotFound, { optionId: QUOTE_MESSAGES.optionNotFound });
  }
  const optional = new Set(option.lines.filter((line) => line.optional).map((line) => line.id));
  const ticked = [...new Set(fields.optionalLineIds)];
  if (ticked.some((lineId) => !optional.has(lineId))) {
    throw badRequest(QUOTE_MESSAGES.optionalLineNotFound, { optionalLineIds: QUOTE_MESSAGES.optionalLineNotFound });
  }
  const lines = option.lines.filter((line) => !line.optional || ticked.includes(line.id));
  return { option, ticked, lines };
}

/**
 * The chosen lines onto visits, each a visit task priced at its amount (quantity × unit price).
 * A line from the catalogue is copied by the one template-copy query (its evidence requirements
 * and duration come with it), named and priced as the quote says; a free-text line, or a second
 * line of the same template, gets a template of its own made retired (deleted at once, so it never
 * shows in the catalogue), since a visit task always names one.
 */
async function linesOntoVisits(
  tx: Executor,
  workspaceId: string,
  propertyId: string,
  visitIds: string[],
  lines: QuoteLineDto[],
) {
  if (visitIds.length === 0) return;
  const used = new Set<string>();
  for (const line of lines) {
    if (line.taskId && !used.has(line.taskId)) {
      used.add(line.taskId);
      const made = await copyTemplatesToVisits(tx, {
        workspaceId,
        propertyId,
        visitIds,
        templates: [line.taskId],
        price: line.amount,
      });
      if (made.length > 0) {
        await tx
          .update(visitTasks)
          .set({ name: line.description })
          .where(
            inArray(
              visitTasks.id,
              made.map((task) => task.id),
            ),
          );
        continue;
      }
    }
    const [template] = await tx
      .insert(tasks)
      .values({
        workspaceId,
        name: line.description,
        defaultPrice: line.amount,
        deletedAt: new Date(),
      })
      .returning({ id: tasks.id });
    if (!template) throw new Error('task insert returned nothing');
    await tx.insert(visitTasks).values(
      visitIds.map((visitId) => ({
        workspaceId,
        visitId,
        taskId: template.id,
        name: line.description,
        price: line.amount,
      })),
    );
  }
}

/** Who is put on the job: the quote's maker while still a member of the workspace, else nobody. */
async function assigneesOf(tx: Executor, workspaceId: string, createdBy: string | null) {
  if (!createdBy) return [];
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, createdBy)));
  return rows.map((row) => row.userId);
}

/**
 * Approves the version the client has (signature already in storage under `signatureKey`): 409
 * when it is an older version's option, when the content hash is not the one of the version sent,
 * when it has expired, or when it was answered already (the row lock makes a second approval wait
 * and then see the first). Then the work is made, once, in the same transaction.
 */
export async function approveQuote(
  db: Database,
  who: Approver,
  id: string,
  fields: ApproveQuoteFields,
  signatureKey: string,
  seen: { ip: string | null; userAgent: string | null },
): Promise<void> {
  const workspaceId = workspaceOf(who);
  await db.transaction(async (tx) => {
    const { quote, version, expired } = await lockForAnswer(tx, who, id);
    const { option, lines, ticked } = await chosenOf(tx, id, version, fields);
    if (fields.contentHash !== contentHashOf(version)) throw conflict(QUOTE_MESSAGES.hashMismatch);
    if (expired) throw conflict(QUOTE_MESSAGES.expired);
    const amounts = optionAmounts(option.lines, ticked, version.taxRateBps, version.discount, version.deposit);
    // The work: a one-off visit (on the quote's date, else the next working day at 09:00 where the
    // business is), or the plan's series through the series engine.
    const assigneeIds = await assigneesOf(tx, workspaceId, quote.createdBy);
    let visitIds: string[] = [];
    let seriesId: string | null = null;
    if (quote.plan) {
      const startsAt = new Date(quote.plan.startsAt);
      const horizon = horizonFrom(new Date());
      const rrule = checkRule(
        { startsAt, timeZone: quote.plan.timeZone, rrule: quote.plan.rrule },
        { madeBefore: horizon },
      );
      await lockSeries(tx);
      const catalogue = [...new Set(lines.flatMap((line) => (line.taskId ? [line.taskId] : [])))];
      const [series] = await tx
        .insert(visitSeries)
        .values({
          workspaceId,
          propertyId: quote.propertyId,
          startsAt,
          timeZone: quote.plan.timeZone,
          rrule,
          // Later occurrences (the horizon job) copy the catalogue lines at the catalogue's prices.
          taskIds: catalogue,
          assigneeIds,
          createdBy: quote.createdBy,
          generatedUntil: horizon,
        })
        .returning();
      if (!series) throw new Error('series insert returned nothing');
      seriesId = series.id;
      // The occurrences made now carry the quote's lines and prices.
      const seriesOnly = { ...series, taskIds: [] };
      await makeOccurrences(tx, seriesOnly, series.startsAt, horizon);
      const made = await tx.select({ id: visits.id }).from(visits).where(eq(visits.seriesId, series.id));
      visitIds = made.map((row) => row.id);
    } else {
      const nineToday = sql`((date_trunc('day', now() at time zone ${workspaces.timeZone}) + interval '9 hours') at time zone ${workspaces.timeZone})`;
      const [when] = await tx
        .select({ at: sql<string>`${nextWorkingDayAtTimeOf(workspaceId, nineToday)}` })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId));
      const scheduledAt = quote.jobAt ?? new Date(when?.at ?? Date.now());
      visitIds = await insertVisits(tx, {
        workspaceId,
        propertyId: quote.propertyId,
        visits: [{ scheduledAt }],
        assigneeIds,
        tasks: [],
      });
    }
    await linesOntoVisits(tx, workspaceId, quote.propertyId, visitIds, lines);
    const depositInvoiceId =
      amounts.depositAmount > 0
        ? await createDepositInvoice(tx, {
            workspaceId,
            propertyId: quote.propertyId,
            amount: amounts.depositAmount,
            description: `Deposit for quote ${quote.number}`,
          })
        : null;
    await tx
      .update(quotes)
      .set({
        status: 'converted',
        approvedVersion: version.version,
        approvedOptionId: option.id,
        approvedLineIds: ticked,
        approvedTotal: amounts.total,
        depositAmount: amounts.depositAmount,
        signerName: fields.signerName,
        signedAt: new Date(),
        signaturePath: signatureKey,
        approvalIp: seen.ip,
        approvalUserAgent: seen.userAgent?.slice(0, 500) ?? null,
        approvedBy: 'member' in who ? who.member.id : null,
        contentHash: fields.contentHash,
        visitIds,
        seriesId,
        depositInvoiceId,
      })
      .where(eq(quotes.id, id));
    const money = formatsFor(await localityOf(tx, { workspaceId } as PortalClient)).money;
    const office = (await officeOf(tx, workspaceId)).filter((userId) => !('member' in who) || userId !== who.member.id);
    await notifyStaff(tx, office, {
      workspaceId,
      kind: 'quote_approved',
      text: QUOTE_MESSAGES.approvedText(quote.number, quote.clientName, money(amounts.total)),
      visitId: visitIds[0] ?? null,
    });
  });
}

/** `POST /api/portal/quotes/{id}/decline` `{ reason }`: the office is told. */
export async function declineQuote(db: Database, who: Approver, id: string, reason: string | null): Promise<void> {
  const workspaceId = workspaceOf(who);
  await db.transaction(async (tx) => {
    const { quote } = await lockForAnswer(tx, who, id);
    await tx
      .update(quotes)
      .set({ status: 'declined', declineReason: reason || null, declinedAt: new Date() })
      .where(eq(quotes.id, id));
    await notifyStaff(tx, await officeOf(tx, workspaceId), {
      workspaceId,
      kind: 'quote_declined',
      text: QUOTE_MESSAGES.declinedText(quote.number, quote.clientName),
    });
  });
}

/** The signature of an approved quote the viewer sees: 404 when there is none. */
export async function openQuoteSignature(db: Executor, storage: Storage, who: Approver, id: string) {
  const [row] = await db
    .select({ path: quotes.signaturePath })
    .from(quotes)
    .where(and(eq(quotes.id, id), scopeOf(who)));
  if (!row?.path) throw notFound(QUOTE_MESSAGES.notFound);
  const stored = await storage.get(row.path);
  if (!stored) throw notFound(QUOTE_MESSAGES.notFound);
  return { key: row.path, stored };
}
