import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_CENTS } from '../../../shared/schemas/money';
import {
  depositBasisPoints,
  optionAmounts,
  QUOTE_MESSAGES,
  type createQuoteInput,
  type DepositInput,
  type QuoteDto,
  type updateQuoteInput,
} from '../../../shared/schemas/quotes';
import type { Discount } from '../../../shared/money';
import type { Member } from '../../access/member';
import { policy, requireRecord } from '../../access/policy';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import {
  clients,
  properties,
  quoteLines,
  quoteOptions,
  quotes,
  quoteVersions,
  tasks,
  workspaces,
} from '../../db/schema';
import type { QuotePlan } from '../../db/schema/quotes';
import { AppError, badRequest, conflict } from '../../errors';
import { rootCause } from '../../log';
import { sendAsPerson, type MailDeps } from '../../mail/outgoing';
import { issuePortalLink } from '../portal';
import { localityOf } from '../workspaces';
import { formatsFor } from '../../../shared/locale';
import { getQuote, readVersion } from './quote-read';

// Quotes in the office: made, edited (a draft in place; a sent quote as its next version), sent
// by e-mail with a portal link, cancelled or deleted. Owners and managers only (the policy's
// scope: a technician and another workspace get 404).

type CreateData = z.output<typeof createQuoteInput>;
type UpdateData = z.output<typeof updateQuoteInput>;
type Options = CreateData['options'];

interface VersionContent {
  title: string;
  message: string;
  terms: string;
  validUntil: string;
  discount: Discount | null;
  deposit: DepositInput;
  options: Options;
}

/** The catalogue tasks the lines name: each of the workspace's catalogue (else 400). */
async function requireTasks(tx: Executor, member: Member, options: Options) {
  const ids = [
    ...new Set(options.flatMap((option) => option.lines.flatMap((line) => (line.taskId ? [line.taskId] : [])))),
  ];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), policy.task.scope(member)));
  if (found.length !== ids.length)
    throw badRequest(QUOTE_MESSAGES.taskNotFound, { options: QUOTE_MESSAGES.taskNotFound });
}

/** Every option's largest total (all add-ons ticked) fits numeric(12,2). */
function requireFits(content: VersionContent, taxRateBps: number) {
  for (const option of content.options) {
    const lines = option.lines.map((line, index) => ({ ...line, id: String(index) }));
    const all = optionAmounts(
      lines,
      lines.map((line) => line.id),
      taxRateBps,
      content.discount,
      null,
    );
    if (all.subtotal > MAX_CENTS || all.total > MAX_CENTS) {
      throw badRequest(QUOTE_MESSAGES.amountTooLarge, { options: QUOTE_MESSAGES.amountTooLarge });
    }
  }
}

/** Writes a version with its options and lines. */
async function insertVersion(
  tx: Executor,
  member: Member,
  quoteId: string,
  version: number,
  taxRateBps: number,
  content: VersionContent,
) {
  requireFits(content, taxRateBps);
  const [made] = await tx
    .insert(quoteVersions)
    .values({
      workspaceId: member.workspaceId,
      quoteId,
      version,
      title: content.title,
      message: content.message,
      terms: content.terms,
      validUntil: content.validUntil,
      taxRateBps,
      discountKind: content.discount?.kind ?? null,
      discountValue: content.discount?.value ?? null,
      depositKind: content.deposit ? ('percent' in content.deposit ? 'percent' : 'amount') : null,
      depositValue: content.deposit
        ? 'percent' in content.deposit
          ? depositBasisPoints(content.deposit.percent)
          : content.deposit.amount
        : null,
    })
    .returning({ id: quoteVersions.id });
  if (!made) throw new Error('quote version insert returned nothing');
  const optionRows = await tx
    .insert(quoteOptions)
    .values(
      content.options.map((option, position) => ({
        workspaceId: member.workspaceId,
        versionId: made.id,
        name: option.name,
        recommended: option.recommended,
        position,
      })),
    )
    .returning({ id: quoteOptions.id, position: quoteOptions.position });
  const idAt = new Map(optionRows.map((row) => [row.position, row.id]));
  const lines = content.options.flatMap((option, position) =>
    option.lines.map((line, index) => ({
      workspaceId: member.workspaceId,
      optionId: idAt.get(position)!,
      taskId: line.taskId ?? null,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      optional: line.optional,
      position: index,
    })),
  );
  if (lines.length > 0) await tx.insert(quoteLines).values(lines);
  return made.id;
}

/** The content of a version as input again (to copy it into the next version). */
async function contentOf(tx: Executor, quoteId: string, version: number): Promise<VersionContent> {
  const read = await readVersion(tx, quoteId, version);
  if (!read) throw new Error('quote version is gone');
  return {
    title: read.title,
    message: read.message,
    terms: read.terms,
    validUntil: read.validUntil,
    discount: read.discount,
    deposit: read.deposit,
    options: read.options.map((option) => ({
      name: option.name,
      recommended: option.recommended,
      lines: option.lines.map((line) => ({
        taskId: line.taskId,
        description: line.description,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        optional: line.optional,
      })),
    })),
  };
}

const planOf = (plan: CreateData['plan']): QuotePlan | null => plan ?? null;

/** `POST /api/quotes`: numbered Q-0001… in the workspace, its first version a draft. */
export async function createQuote(db: Database, member: Member, input: CreateData): Promise<QuoteDto> {
  const id = await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.id, input.clientId), policy.client.scope(member)));
    if (!client) throw badRequest(QUOTE_MESSAGES.clientRequired, { clientId: QUOTE_MESSAGES.clientRequired });
    const [property] = await tx
      .select({ clientId: properties.clientId })
      .from(properties)
      .where(and(eq(properties.id, input.propertyId), policy.property.scope(member)));
    if (!property) throw badRequest(QUOTE_MESSAGES.propertyRequired, { propertyId: QUOTE_MESSAGES.propertyRequired });
    if (property.clientId !== input.clientId) {
      throw badRequest(QUOTE_MESSAGES.propertyNotClients, { propertyId: QUOTE_MESSAGES.propertyNotClients });
    }
    await requireTasks(tx, member, input.options);
    // The next number under the workspace row's lock (no gaps; a failed transaction gives it back),
    // as invoices take theirs; the defaults come with it.
    const [workspace] = await tx
      .update(workspaces)
      .set({ quoteSequence: sql`${workspaces.quoteSequence} + 1` })
      .where(eq(workspaces.id, member.workspaceId))
      .returning({
        number: sql<string>`${workspaces.quotePrefix} || lpad(${workspaces.quoteSequence}::text, 4, '0')`,
        taxRateBps: workspaces.taxRateBps,
        terms: workspaces.quoteTerms,
        validUntil: sql<string>`to_char((now() at time zone ${workspaces.timeZone})::date + ${workspaces.quoteValidDays}, 'YYYY-MM-DD')`,
      });
    if (!workspace) throw new Error('the workspace is gone');
    const [quote] = await tx
      .insert(quotes)
      .values({
        workspaceId: member.workspaceId,
        number: workspace.number,
        clientId: input.clientId,
        propertyId: input.propertyId,
        jobAt: input.jobAt ? new Date(input.jobAt) : null,
        plan: planOf(input.plan),
        createdBy: member.id,
      })
      .returning({ id: quotes.id });
    if (!quote) throw new Error('quote insert returned nothing');
    await insertVersion(tx, member, quote.id, 1, workspace.taxRateBps, {
      title: input.title,
      message: input.message,
      terms: input.terms ?? workspace.terms,
      validUntil: input.validUntil ?? workspace.validUntil,
      discount: input.discount,
      deposit: input.deposit,
      options: input.options,
    });
    return quote.id;
  });
  return getQuote(db, member, id);
}

/** The quote locked for a change, as the office sees it (404 otherwise). */
export async function lockQuote(tx: Executor, member: Member, id: string) {
  return requireRecord(tx, member, 'quote', id, {
    columns: {
      id: quotes.id,
      status: quotes.status,
      version: quotes.version,
      sentVersion: quotes.sentVersion,
      clientId: quotes.clientId,
    },
    lock: 'update',
  });
}

/**
 * `PATCH /api/quotes/{id}`: a version not yet sent changes in place; a sent one is frozen, so the
 * change makes the next version (a draft until sent, when it supersedes the one sent).
 */
export async function updateQuote(db: Database, member: Member, id: string, input: UpdateData): Promise<QuoteDto> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, member, id);
    policy.quote.requireOpen(quote, QUOTE_MESSAGES.cannotChange);
    if (input.options) await requireTasks(tx, member, input.options);
    const current = await contentOf(tx, id, quote.version);
    const next: VersionContent = {
      title: input.title ?? current.title,
      message: input.message ?? current.message,
      terms: input.terms ?? current.terms,
      validUntil: input.validUntil ?? current.validUntil,
      discount: input.discount === undefined ? current.discount : input.discount,
      deposit: input.deposit === undefined ? current.deposit : input.deposit,
      options: input.options ?? current.options,
    };
    const [row] = await tx
      .select({ taxRateBps: quoteVersions.taxRateBps })
      .from(quoteVersions)
      .where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, quote.version)));
    const frozen = quote.sentVersion === quote.version;
    const version = frozen ? quote.version + 1 : quote.version;
    if (!frozen) {
      await tx.delete(quoteVersions).where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, version)));
    }
    await insertVersion(tx, member, id, version, row?.taxRateBps ?? 0, next);
    await tx
      .update(quotes)
      .set({
        version,
        ...(input.jobAt !== undefined ? { jobAt: input.jobAt ? new Date(input.jobAt) : null } : {}),
        ...(input.plan !== undefined ? { plan: planOf(input.plan) } : {}),
      })
      .where(eq(quotes.id, id));
  });
  return getQuote(db, member, id);
}

/** `POST /api/quotes/{id}/cancel`: an open quote is cancelled and stays on record. */
export async function cancelQuote(db: Database, member: Member, id: string): Promise<QuoteDto> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, member, id);
    policy.quote.requireOpen(quote, QUOTE_MESSAGES.cannotCancel);
    await tx.update(quotes).set({ status: 'cancelled' }).where(eq(quotes.id, id));
  });
  return getQuote(db, member, id);
}

/** `DELETE /api/quotes/{id}`: only a draft never sent is deleted (a sent one is cancelled). */
export async function removeQuote(db: Database, member: Member, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const quote = await lockQuote(tx, member, id);
    if (quote.status !== 'draft' || quote.sentVersion !== null) throw conflict(QUOTE_MESSAGES.cannotChange('sent'));
    await tx.delete(quotes).where(eq(quotes.id, id));
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The business's name as its quotes show it (empty before the owner names it). */
export async function businessNameOf(db: Executor, member: Member): Promise<string> {
  const [business] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, member.workspaceId));
  return business?.name ?? '';
}

/**
 * `POST /api/quotes/{id}/send` `{ to }`: the newest version goes to the client by e-mail, from the
 * business, with a portal link to the quote (the mail rules: a verified sender, the budget), and
 * becomes the version sent, superseding the one before. A refusal of the mail server is a 502
 * and changes nothing.
 */
export async function sendQuote(
  deps: MailDeps & { config: Pick<Config, 'publicUrl'> },
  member: Member,
  id: string,
  to: string,
): Promise<QuoteDto> {
  const quote = await getQuote(deps.db, member, id);
  if (!policy.quote.open(quote.status)) throw conflict(QUOTE_MESSAGES.cannotSend(quote.status));
  if (quote.sentVersion === quote.version) throw conflict(QUOTE_MESSAGES.nothingNewToSend);
  const name = (await businessNameOf(deps.db, member)) || 'Rounds';
  const url = await issuePortalLink(
    deps.db,
    { workspaceId: member.workspaceId, clientId: quote.client.id },
    { publicUrl: deps.config.publicUrl, next: `/portal/quotes/${id}`, createdBy: member.id },
  );
  const formats = formatsFor(await localityOf(deps.db, member));
  const lines = quote.options.map(
    (option) => `${option.name}${option.recommended ? ' (recommended)' : ''}: ${formats.money(option.total)}`,
  );
  const text = [
    `Hello ${quote.client.name},`,
    '',
    `${name} has sent you quote ${quote.number}: ${quote.title}.`,
    ...(quote.message ? ['', quote.message] : []),
    '',
    ...lines,
    '',
    `Valid until ${quote.validUntil}.`,
    '',
    `Read it, choose an option and approve it: ${url}`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(quote.client.name)},</p>
<p>${escapeHtml(name)} has sent you quote ${escapeHtml(quote.number)}: ${escapeHtml(quote.title)}.</p>
${quote.message ? `<p>${escapeHtml(quote.message)}</p>` : ''}
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>Valid until ${escapeHtml(quote.validUntil)}.</p>
<p><a href="${escapeHtml(url)}">Open the quote</a></p>`;
  try {
    await sendAsPerson(deps, member, 'quote', {
      to,
      subject: QUOTE_MESSAGES.mailSubject(name, quote.number),
      text,
      html,
      fromName: name,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_GATEWAY', QUOTE_MESSAGES.sendFailed(rootCause(error)));
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockQuote(tx, member, id);
    policy.quote.requireOpen(locked, QUOTE_MESSAGES.cannotSend);
    await tx
      .update(quoteVersions)
      .set({ sentAt: new Date() })
      .where(and(eq(quoteVersions.quoteId, id), eq(quoteVersions.version, locked.version)));
    await tx
      .update(quotes)
      .set({ status: 'sent', sentVersion: locked.version, sentAt: new Date(), sentTo: to })
      .where(eq(quotes.id, id));
  });
  return getQuote(deps.db, member, id);
}
