import { and, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import {
  ACCOUNT_MAIL_PER_HOUR,
  MAIL_LIMITS,
  MAIL_PER_RECIPIENT_PER_DAY,
  MAIL_TO_OTHERS_KINDS,
  WORKSPACE_MAIL_PER_DAY,
  type MailKind,
} from '../../shared/constants';
import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import type { Member } from '../access/member';
import type { Database, Executor } from '../db/client';
import { invoicePayments, mailSends, profiles, users, visits, workspaces } from '../db/schema';
import { AppError, forbidden } from '../errors';
import type { Mailer, OutgoingMail } from './mailer';

// One mail budget for everything Rounds sends to people outside a business, sent at once (an
// invoice, an invitation, a portal link, a visit report) or through the outbox (the client
// messages). Each send is a row of mail_sends, counted under advisory locks, so the limits hold
// across server processes: per person who caused it (MAIL_LIMITS), per workspace
// (WORKSPACE_MAIL_PER_DAY, or the workspace's own `mail_per_day`), and per address, in lower
// case (MAIL_PER_RECIPIENT_PER_DAY). A person's mail needs a verified sender; it goes From:
// MAIL_FROM's address with the sender's or the business's name, Reply-To: the sender. Mail
// Rounds writes to an account's own address (verify it, reset its password) has its own limit
// per account and kind.

export interface MailDeps {
  db: Database;
  mailer: Mailer;
}

type ToOthersKind = (typeof MAIL_TO_OTHERS_KINDS)[number];
type Content = Pick<OutgoingMail, 'to' | 'subject' | 'text' | 'html' | 'attachments'>;
/** A person's mail may go under the name of the business they send for (an invoice's seller). */
type PersonContent = Content & Pick<OutgoingMail, 'fromName'>;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Who caused a mail to someone outside the business, and to whom it goes. */
export interface MailCharge {
  /** The person who caused it; null for what the business sends by itself (reminders). */
  userId: string | null;
  workspaceId: string;
  kind: ToOthersKind;
  recipient: string;
}

/** Which limit refused a mail, and in how many minutes a place frees up. */
export interface MailRefusal {
  limit: 'person' | 'workspace' | 'recipient';
  minutes: number;
  /** Why, in words for the office (a held message, a 429). */
  reason: string;
}

/** The budget's answer: the reservation to release if the mail cannot go, or why it may not go. */
export type MailBudgetAnswer = { ok: true; reservationId: string } | ({ ok: false } & MailRefusal);

/** What the budget keeps: every limit looks back a day at most, so older sends count for nothing. */
export const MAIL_LEDGER_KEEP_MS = 2 * DAY_MS;

/** Forgets the sends no limit looks at any more (the upkeep job runs it), so the ledger stays small. */
export async function forgetOldSends(db: Executor, keepMs = MAIL_LEDGER_KEEP_MS): Promise<number> {
  const gone = await db
    .delete(mailSends)
    .where(lt(mailSends.createdAt, sql`now() - make_interval(secs => ${keepMs / 1000})`))
    .returning({ id: mailSends.id });
  return gone.length;
}

/** A person e-mails someone else: 403 unless their address is verified, 429 past a limit of the budget. */
export async function sendAsPerson(deps: MailDeps, sender: Member, kind: ToOthersKind, mail: PersonContent) {
  if (!sender.emailVerified) throw forbidden(IDENTITY_MESSAGES.verifyToSend);
  const fromName = mail.fromName ?? (await displayName(deps.db, sender.id));
  const answer = await chargeMail(deps.db, {
    userId: sender.id,
    workspaceId: sender.workspaceId,
    kind,
    recipient: mail.to,
  });
  if (!answer.ok) throw new AppError('TOO_MANY_REQUESTS', refusalMessage(answer));
  await sendOrRelease(deps, answer.reservationId, { ...mail, fromName, replyTo: sender.email });
}

/** The 429's message: the person's own limit in their words, the others say whose limit it is. */
function refusalMessage(refusal: MailRefusal): string {
  return refusal.limit === 'person' ? IDENTITY_MESSAGES.tooManyEmails(refusal.minutes) : refusal.reason;
}

/** Rounds writes to an account's own address (verification, password reset): 429 past the account's limit. */
export async function sendToAccount(
  deps: MailDeps,
  account: { id: string; email: string },
  kind: Exclude<MailKind, ToOthersKind>,
  mail: Omit<Content, 'to'>,
): Promise<void> {
  const reservationId = await deps.db.transaction(async (tx) => {
    await lock(tx, `user:${account.id}`);
    const ages = await agesOf(tx, and(eq(mailSends.userId, account.id), eq(mailSends.kind, kind)), HOUR_MS);
    const wait = minutesPast(ages, HOUR_MS, ACCOUNT_MAIL_PER_HOUR);
    if (wait !== null) throw new AppError('TOO_MANY_REQUESTS', IDENTITY_MESSAGES.tooManyEmails(wait));
    return record(tx, { userId: account.id, workspaceId: null, kind, recipient: account.email });
  });
  await sendOrRelease(deps, reservationId, { ...mail, to: account.email });
}

/** The mail goes; if it cannot, it does not count against anyone. */
async function sendOrRelease(deps: MailDeps, reservationId: string, mail: OutgoingMail) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await releaseMail(deps.db, reservationId);
    throw error;
  }
}

/** A reserved mail that did not go: it no longer counts. */
export async function releaseMail(db: Database, reservationId: string): Promise<void> {
  await db.delete(mailSends).where(eq(mailSends.id, reservationId));
}

/**
 * Takes one place in the budget for a mail, or says which limit refuses it. The workspace, the
 * person and the address are each counted under a transaction-scoped advisory lock (taken in
 * that order, so two sends cannot deadlock), so two sends at once, on any server process,
 * cannot both take the last place.
 */
export async function chargeMail(db: Database, charge: MailCharge): Promise<MailBudgetAnswer> {
  const recipient = charge.recipient.trim().toLowerCase();
  return db.transaction(async (tx): Promise<MailBudgetAnswer> => {
    await lock(tx, `workspace:${charge.workspaceId}`);
    if (charge.userId) await lock(tx, `user:${charge.userId}`);
    await lock(tx, `to:${recipient}`);
    const toOthers = inArray(mailSends.kind, [...MAIL_TO_OTHERS_KINDS]);

    if (charge.userId) {
      const ages = await agesOf(tx, and(eq(mailSends.userId, charge.userId), toOthers), DAY_MS);
      const wait = minutesPast(ages, HOUR_MS, MAIL_LIMITS.perHour) ?? minutesPast(ages, DAY_MS, MAIL_LIMITS.perDay);
      if (wait !== null) {
        return refused(
          'person',
          wait,
          `The person who caused it has sent too many e-mails; a place frees up in ${wait} min`,
        );
      }
    }
    const allowance = await workspaceMailPerDay(tx, charge.workspaceId);
    const sentByBusiness = await agesOf(tx, eq(mailSends.workspaceId, charge.workspaceId), DAY_MS);
    const businessWait = minutesPast(sentByBusiness, DAY_MS, allowance);
    if (businessWait !== null) {
      return refused(
        'workspace',
        businessWait,
        `This business has sent its ${allowance} e-mails for today; a place frees up in ${businessWait} min`,
      );
    }
    const toAddress = await agesOf(tx, and(eq(mailSends.recipient, recipient), toOthers), DAY_MS);
    const addressWait = minutesPast(toAddress, DAY_MS, MAIL_PER_RECIPIENT_PER_DAY);
    if (addressWait !== null) {
      return refused(
        'recipient',
        addressWait,
        `${recipient} has had ${MAIL_PER_RECIPIENT_PER_DAY} e-mails today; a place frees up in ${addressWait} min`,
      );
    }
    return { ok: true, reservationId: await record(tx, { ...charge, recipient }) };
  });
}

const refused = (limit: MailRefusal['limit'], minutes: number, reason: string): MailBudgetAnswer => ({
  ok: false,
  limit,
  minutes,
  reason,
});

/**
 * What a workspace may send in 24 hours: its own `mail_per_day` when the operator set one, else
 * by age and verified activity (WORKSPACE_MAIL_PER_DAY).
 */
export async function workspaceMailPerDay(db: Executor, workspaceId: string): Promise<number> {
  const { established, week } = WORKSPACE_MAIL_PER_DAY;
  const [row] = await db
    .select({
      own: workspaces.mailPerDay,
      ageDays: sql<number>`extract(epoch from now() - ${workspaces.createdAt}) / 86400`.mapWith(Number),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) return 0;
  if (row.own !== null) return row.own;
  if (row.ageDays >= established.days && (await verifiedActivity(db, workspaceId))) return established.max;
  if (row.ageDays >= week.days) return week.max;
  return WORKSPACE_MAIL_PER_DAY.new;
}

/** A card payment received through the provider, or enough visits done. */
async function verifiedActivity(db: Executor, workspaceId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.workspaceId, workspaceId),
        isNotNull(invoicePayments.provider),
        eq(invoicePayments.unapplied, false),
      ),
    )
    .limit(1);
  if (paid) return true;
  const done = await db
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.workspaceId, workspaceId), eq(visits.status, 'completed')))
    .limit(WORKSPACE_MAIL_PER_DAY.established.completedVisits);
  return done.length >= WORKSPACE_MAIL_PER_DAY.established.completedVisits;
}

const lock = (tx: Executor, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rounds:mail:${key}`}))`);

/** The ages (ms, by the database's clock, the one that stamped the rows) of the rows `where` picks within `windowMs`. */
async function agesOf(tx: Executor, where: ReturnType<typeof and>, windowMs: number): Promise<number[]> {
  const rows = await tx
    .select({ ageMs: sql<number>`extract(epoch from now() - ${mailSends.createdAt}) * 1000`.mapWith(Number) })
    .from(mailSends)
    .where(and(where, gt(mailSends.createdAt, sql`now() - make_interval(secs => ${windowMs / 1000})`)));
  return rows.map((row) => row.ageMs);
}

/** Null while fewer than `max` of `ages` fall within `windowMs`; else the minutes until the oldest of them leaves it. */
function minutesPast(ages: number[], windowMs: number, max: number): number | null {
  const inside = ages.filter((age) => age < windowMs);
  if (inside.length < max) return null;
  return Math.max(1, Math.ceil((windowMs - Math.max(...inside)) / 60_000));
}

async function record(
  tx: Executor,
  row: { userId: string | null; workspaceId: string | null; kind: MailKind; recipient: string },
): Promise<string> {
  const [inserted] = await tx
    .insert(mailSends)
    .values({ ...row, recipient: row.recipient.trim().toLowerCase() })
    .returning({ id: mailSends.id });
  if (!inserted) throw new Error('mail_sends insert returned nothing');
  return inserted.id;
}

/** How the sender is named in `From:`: the profile's display name, else the account's name, else the address. */
async function displayName(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ displayName: profiles.displayName, name: users.name, email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.displayName?.trim() || row?.name.trim() || row?.email || '';
}
