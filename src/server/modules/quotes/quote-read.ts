import { createHash } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteStatus } from '../../../shared/constants';
import type { Page } from '../../../shared/schemas/common';
import {
  canonicalQuoteContent,
  optionAmounts,
  QUOTE_MESSAGES,
  type listQuotesQuery,
  type QuoteDeposit,
  type QuoteDto,
  type QuoteListItemDto,
  type QuoteOptionDto,
  type QuoteVersionDto,
} from '../../../shared/schemas/quotes';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { clients, properties, quoteLines, quoteOptions, quotes, quoteVersions, workspaces } from '../../db/schema';
import { propertySummary } from '../../db/shapes';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { notFound } from '../../errors';

// Reading quotes: a version's content with its amounts (the one rule, shared/schemas/quotes.ts
// `optionAmounts`), the office's answer with `can`, the list, and the hash of what is shown.

/**
 * SQL on `quotes` joined to the version shown: the end of its 'valid until' day in the business's
 * time zone has passed.
 */
export const pastValidUntil = (
  validUntil: SQL | typeof quoteVersions.validUntil = quoteVersions.validUntil,
): SQL<boolean> =>
  sql<boolean>`(now() >= ((${validUntil} + 1)::timestamp at time zone (select ${workspaces.timeZone} from ${workspaces} where ${workspaces.id} = ${quotes.workspaceId})))`;

/** The status as shown: a sent quote past its 'valid until' is expired (computed, no job). */
export const shownStatus = (expired: boolean, stored: QuoteStatus): QuoteStatus =>
  stored === 'sent' && expired ? 'expired' : stored;

/** SQL of the shown status on `quotes` joined to the sent version (or the newest before sending). */
const shownStatusSql = sql<QuoteStatus>`(case when ${quotes.status} = 'sent' and ${pastValidUntil()} then 'expired' else ${quotes.status} end)`;

export const depositOf = (row: { depositKind: string | null; depositValue: number | null }): QuoteDeposit =>
  row.depositKind === 'percent' && row.depositValue !== null
    ? { percent: row.depositValue / 100 }
    : row.depositKind === 'amount' && row.depositValue !== null
      ? { amount: row.depositValue }
      : null;

const discountOf = (row: { discountKind: 'amount' | 'percent' | null; discountValue: number | null }) =>
  row.discountKind && row.discountValue !== null ? { kind: row.discountKind, value: row.discountValue } : null;

/** One version of a quote with its options and lines (two queries), and its id. */
export async function readVersion(
  db: Executor,
  quoteId: string,
  version: number,
): Promise<(QuoteVersionDto & { versionId: string }) | null> {
  const [row] = await db
    .select()
    .from(quoteVersions)
    .where(and(eq(quoteVersions.quoteId, quoteId), eq(quoteVersions.version, version)));
  if (!row) return null;
  const lineRows = await db
    .select({
      optionId: quoteOptions.id,
      name: quoteOptions.name,
      recommended: quoteOptions.recommended,
      line: {
        id: quoteLines.id,
        taskId: quoteLines.taskId,
        description: quoteLines.description,
        quantity: quoteLines.quantity,
        unitPrice: quoteLines.unitPrice,
        optional: quoteLines.optional,
      },
    })
    .from(quoteOptions)
    .leftJoin(quoteLines, eq(quoteLines.optionId, quoteOptions.id))
    .where(eq(quoteOptions.versionId, row.id))
    .orderBy(asc(quoteOptions.position), asc(quoteLines.position));
  const discount = discountOf(row);
  const deposit = depositOf(row);
  const byOption = new Map<string, Omit<QuoteOptionDto, 'subtotal' | 'discountAmount' | 'taxAmount' | 'total'>>();
  for (const entry of lineRows) {
    let option = byOption.get(entry.optionId);
    if (!option) {
      option = { id: entry.optionId, name: entry.name, recommended: entry.recommended, lines: [] };
      byOption.set(entry.optionId, option);
    }
    if (entry.line) option.lines.push({ ...entry.line, amount: entry.line.quantity * entry.line.unitPrice });
  }
  const options: QuoteOptionDto[] = [...byOption.values()].map((option) => {
    const { subtotal, discountAmount, taxAmount, total } = optionAmounts(
      option.lines,
      [],
      row.taxRateBps,
      discount,
      null,
    );
    return { ...option, subtotal, discountAmount, taxAmount, total };
  });
  return {
    versionId: row.id,
    version: row.version,
    title: row.title,
    message: row.message,
    terms: row.terms,
    validUntil: row.validUntil,
    taxRateBps: row.taxRateBps,
    discount,
    deposit,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    options,
  };
}

/** SHA-256 (hex) of the canonical JSON of a version as shown. */
export const contentHashOf = (version: QuoteVersionDto) =>
  createHash('sha256').update(canonicalQuoteContent(version)).digest('hex');

/** The quote's own columns the answers read, with its client and property. */
export const headColumns = {
  id: quotes.id,
  workspaceId: quotes.workspaceId,
  number: quotes.number,
  status: quotes.status,
  version: quotes.version,
  sentVersion: quotes.sentVersion,
  sentTo: quotes.sentTo,
  jobAt: quotes.jobAt,
  plan: quotes.plan,
  approvedVersion: quotes.approvedVersion,
  approvedOptionId: quotes.approvedOptionId,
  approvedLineIds: quotes.approvedLineIds,
  approvedTotal: quotes.approvedTotal,
  depositAmount: quotes.depositAmount,
  signerName: quotes.signerName,
  signedAt: quotes.signedAt,
  approvalIp: quotes.approvalIp,
  approvalUserAgent: quotes.approvalUserAgent,
  approvedBy: quotes.approvedBy,
  contentHash: quotes.contentHash,
  declineReason: quotes.declineReason,
  visitIds: quotes.visitIds,
  seriesId: quotes.seriesId,
  depositInvoiceId: quotes.depositInvoiceId,
  createdAt: quotes.createdAt,
  client: { id: clients.id, name: clients.name, email: clients.email },
  property: propertySummary,
};

/** The deposit a version asks on an option's total (the recommended option, else the first, before approval). */
export function shownDeposit(version: QuoteVersionDto, approvedTotal: number | null, depositAmount: number | null) {
  if (depositAmount !== null) return depositAmount;
  const option = version.options.find((each) => each.recommended) ?? version.options[0];
  if (!option) return 0;
  return optionAmounts(option.lines, [], version.taxRateBps, version.discount, version.deposit).depositAmount;
}

/** `GET /api/quotes/{id}`: the newest version with its amounts, the approval and what it became, and `can`. */
export async function getQuote(db: Executor, member: Member, id: string): Promise<QuoteDto> {
  const [head] = await db
    .select(headColumns)
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .innerJoin(properties, eq(properties.id, quotes.propertyId))
    .where(and(eq(quotes.id, id), policy.quote.scope(member)));
  if (!head) throw notFound(QUOTE_MESSAGES.notFound);
  // Once approved, the quote is what was approved (a later draft version is left behind).
  const version = await readVersion(db, id, head.approvedVersion ?? head.version);
  if (!version) throw notFound(QUOTE_MESSAGES.notFound);
  // Expiry is judged on the version the client has (the newest before it was ever sent).
  const shown =
    head.sentVersion !== null && head.sentVersion !== head.version
      ? await readVersion(db, id, head.sentVersion)
      : version;
  const [expiry] = await db
    .select({ expired: pastValidUntil(sql`${shown?.validUntil ?? version.validUntil}::date`) })
    .from(quotes)
    .where(eq(quotes.id, id));
  const status = shownStatus(expiry?.expired ?? false, head.status);
  const { versionId: _versionId, ...content } = version;
  return {
    ...content,
    id: head.id,
    number: head.number,
    status,
    sentVersion: head.sentVersion,
    client: head.client,
    property: head.property,
    jobAt: head.jobAt ? head.jobAt.toISOString() : null,
    plan: head.plan ?? null,
    sentTo: head.sentTo,
    depositAmount: shownDeposit(version, head.approvedTotal, head.depositAmount),
    approvedOptionId: head.approvedOptionId,
    approvedLineIds: head.approvedLineIds ?? [],
    approvedTotal: head.approvedTotal,
    approval:
      head.signerName && head.signedAt && head.approvedVersion && head.contentHash
        ? {
            signerName: head.signerName,
            signedAt: head.signedAt.toISOString(),
            ip: head.approvalIp,
            userAgent: head.approvalUserAgent,
            version: head.approvedVersion,
            contentHash: head.contentHash,
            inPersonBy: head.approvedBy,
          }
        : null,
    declineReason: head.declineReason,
    visitIds: head.visitIds,
    seriesId: head.seriesId,
    depositInvoiceId: head.depositInvoiceId,
    createdAt: head.createdAt.toISOString(),
    can: policy.quote.can(member, { status, version: head.version, sentVersion: head.sentVersion }),
  };
}

/** The list's rows: the quote with its newest version's title and valid until. */
const listColumns = {
  id: quotes.id,
  number: quotes.number,
  status: shownStatusSql,
  version: quotes.version,
  title: quoteVersions.title,
  client: { id: clients.id, name: clients.name },
  property: { id: properties.id, name: properties.name },
  validUntil: quoteVersions.validUntil,
  approvedTotal: quotes.approvedTotal,
  createdAt: quotes.createdAt,
};

function listWhere(member: Member, query: z.output<typeof listQuotesQuery>): SQL {
  const q = query.q ? containsPattern(query.q) : null;
  return and(
    policy.quote.scope(member),
    query.clientId ? eq(quotes.clientId, query.clientId) : undefined,
    query.status === 'expired'
      ? or(eq(quotes.status, 'expired'), and(eq(quotes.status, 'sent'), pastValidUntil()))
      : query.status === 'sent'
        ? and(eq(quotes.status, 'sent'), sql`not ${pastValidUntil()}`)
        : query.status
          ? eq(quotes.status, query.status)
          : undefined,
    q ? or(ilike(quotes.number, q), ilike(quoteVersions.title, q), ilike(clients.name, q)) : undefined,
  )!;
}

/** The version a list row shows: the one sent, else the newest. */
const listedVersion = and(
  eq(quoteVersions.quoteId, quotes.id),
  eq(quoteVersions.version, sql`coalesce(${quotes.sentVersion}, ${quotes.version})`),
);

/** `GET /api/quotes`: newest first, one query (and a count when the page is full). */
export async function listQuotes(
  db: Executor,
  member: Member,
  query: z.output<typeof listQuotesQuery>,
): Promise<Page<QuoteListItemDto>> {
  const where = listWhere(member, query);
  const rows = await db
    .select(listColumns)
    .from(quotes)
    .innerJoin(quoteVersions, listedVersion)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .innerJoin(properties, eq(properties.id, quotes.propertyId))
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () =>
      countUpTo(
        db,
        db
          .select(aRow)
          .from(quotes)
          .innerJoin(quoteVersions, listedVersion)
          .innerJoin(clients, eq(clients.id, quotes.clientId))
          .where(where),
      ),
    ({ createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }),
  );
}

/** The list's rows after `after` (keyset on the list's order), for the CSV. */
export async function quoteRowsAfter(
  db: Executor,
  member: Member,
  query: z.output<typeof listQuotesQuery>,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  return db
    .select(listColumns)
    .from(quotes)
    .innerJoin(quoteVersions, listedVersion)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .innerJoin(properties, eq(properties.id, quotes.propertyId))
    .where(
      and(
        listWhere(member, query),
        after
          ? sql`(${quotes.createdAt}, ${quotes.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(limit);
}
