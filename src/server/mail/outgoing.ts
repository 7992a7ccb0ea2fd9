import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ACCOUNT_MAIL_PER_HOUR, MAIL_LIMITS, MAIL_TO_OTHERS_KINDS, type MailKind } from '../../shared/constants';
import { IDENTITY_MESSAGES } from '../../shared/messages/identity';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { mailSends, profiles, users } from '../db/schema';
import { AppError, forbidden } from '../errors';
import type { Mailer, OutgoingMail } from './mailer';

// Issue 23: mail that cannot be abused. A person's e-mail to someone else (an invitation, an
// invoice) needs a verified sender and counts against that sender's limits, kept in the
// database (they hold across server processes); it goes From: MAIL_FROM's address with the
// sender's name, and Reply-To: the sender's verified address. Mail Rounds writes to an
// account's own address (verify it, reset its password) has a limit per account and kind.

export interface MailDeps {
  db: Database;
  mailer: Mailer;
}

type ToOthersKind = (typeof MAIL_TO_OTHERS_KINDS)[number];
type Content = Pick<OutgoingMail, 'to' | 'subject' | 'text' | 'html' | 'attachments'>;
/** A person's mail may go under the name of the business they send for (an invoice's seller). */
type PersonContent = Content & Pick<OutgoingMail, 'fromName'>;

const HOUR_MS = 3600_000;

/** A person e-mails someone else: 403 unless their address is verified, 429 past their limits. */
export async function sendAsPerson(
  deps: MailDeps,
  sender: Actor,
  kind: ToOthersKind,
  mail: PersonContent,
): Promise<void> {
  if (!sender.emailVerified) throw forbidden(IDENTITY_MESSAGES.verifyToSend);
  const fromName = mail.fromName ?? (await displayName(deps.db, sender.id));
  const limits = [
    { windowMs: HOUR_MS, max: MAIL_LIMITS.perHour },
    { windowMs: 24 * HOUR_MS, max: MAIL_LIMITS.perDay },
  ];
  const reservation = await reserve(deps.db, sender.id, kind, MAIL_TO_OTHERS_KINDS, mail.to, limits);
  await sendOrRelease(deps, reservation, { ...mail, fromName, replyTo: sender.email });
}

/** Rounds writes to an account's own address (verification, password reset): 429 past the account's limit. */
export async function sendToAccount(
  deps: MailDeps,
  account: { id: string; email: string },
  kind: Exclude<MailKind, ToOthersKind>,
  mail: Omit<Content, 'to'>,
): Promise<void> {
  const limits = [{ windowMs: HOUR_MS, max: ACCOUNT_MAIL_PER_HOUR }];
  const reservation = await reserve(deps.db, account.id, kind, [kind], account.email, limits);
  await sendOrRelease(deps, reservation, { ...mail, to: account.email });
}

/** The mail goes; if it cannot, it does not count against anyone. */
async function sendOrRelease(deps: MailDeps, reservationId: string, mail: OutgoingMail) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    await deps.db.delete(mailSends).where(eq(mailSends.id, reservationId));
    throw error;
  }
}

/**
 * Records one more mail of `kind`, unless the sender already sent `max` mails of `counted` kinds
 * within a window: then 429, saying when the oldest of them leaves the window. The sender's
 * rows are counted under a transaction-scoped advisory lock, so two sends at once (on any
 * server process) cannot both take the last place.
 */
async function reserve(
  db: Database,
  userId: string,
  kind: MailKind,
  counted: readonly MailKind[],
  recipient: string,
  limits: { windowMs: number; max: number }[],
): Promise<string> {
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rounds:mail:${userId}`}))`);
    // Ages by the database's clock, the one that stamped the rows.
    const sent = await tx
      .select({ ageMs: sql<number>`extract(epoch from now() - ${mailSends.createdAt}) * 1000`.mapWith(Number) })
      .from(mailSends)
      .where(
        and(
          eq(mailSends.userId, userId),
          inArray(mailSends.kind, [...counted]),
          gt(mailSends.createdAt, sql`now() - make_interval(secs => ${longest / 1000})`),
        ),
      );
    for (const { windowMs, max } of limits) {
      const ages = sent.map((row) => row.ageMs).filter((age) => age < windowMs);
      if (ages.length < max) continue;
      const minutes = Math.max(1, Math.ceil((windowMs - Math.max(...ages)) / 60_000));
      throw new AppError('TOO_MANY_REQUESTS', IDENTITY_MESSAGES.tooManyEmails(minutes));
    }
    const [row] = await tx.insert(mailSends).values({ userId, kind, recipient }).returning({ id: mailSends.id });
    if (!row) throw new Error('mail_sends insert returned nothing');
    return row.id;
  });
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
