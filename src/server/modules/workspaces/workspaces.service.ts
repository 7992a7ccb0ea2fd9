import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WORKSPACE_MESSAGES,
  type setUpWorkspaceInput,
  type updateWorkspaceInput,
  type WorkspaceRef,
} from '../../../shared/schemas/workspaces';
import type { Locality } from '../../../shared/locale';
import { resolveMember, type Member, type Viewer } from '../../access/member';
import { authorize, policy } from '../../access/policy';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { mailSends, photos, users, visits, visitTasks, workspaceMembers, workspaces } from '../../db/schema';
import { notFound } from '../../errors';
import type { Storage } from '../../storage/storage';

// A workspace is one business: its identity (printed on invoices), its settings and its
// team. Owners and managers change the settings; every member sees the name in the switcher.

/** The workspaces the user belongs to, by name, for the switcher and `GET /api/me`. */
export async function listMyWorkspaces(db: Executor, actor: Actor): Promise<WorkspaceRef[]> {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      role: workspaceMembers.role,
      country: workspaces.country,
      locale: workspaces.locale,
      currency: workspaces.currency,
      timeZone: workspaces.timeZone,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, actor.id))
    .orderBy(asc(sql`lower(${workspaces.name})`), asc(workspaces.id))
    .limit(100);
}

/**
 * How the viewer's business writes dates, times and amounts (its locale, currency and zone), for
 * what the server writes for people: PDFs, e-mails, notifications, CSV exports. One query.
 */
export async function localityOf(db: Executor, viewer: Pick<Viewer, 'workspaceId'>): Promise<Locality> {
  const [row] = await db
    .select({ locale: workspaces.locale, currency: workspaces.currency, timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, viewer.workspaceId));
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return row;
}

/** `GET /api/workspaces/{id}`: the business settings, for owners and managers (403 for a technician). */
export async function getWorkspace(db: Executor, member: Member) {
  const can = policy.workspace.can(member);
  authorize(can.manageSettings, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, member.workspaceId));
  if (!row) throw notFound(WORKSPACE_MESSAGES.notFound);
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    phone: row.phone,
    email: row.email,
    taxRateBps: row.taxRateBps,
    paymentTermsDays: row.paymentTermsDays,
    invoicePrefix: row.invoicePrefix,
    timeZone: row.timeZone,
    country: row.country,
    locale: row.locale,
    currency: row.currency,
    clientNotifications: row.clientNotifications,
    reminderHours: row.reminderHours,
    quotePrefix: row.quotePrefix,
    quoteTerms: row.quoteTerms,
    quoteValidDays: row.quoteValidDays,
    quoteReminderDays: row.quoteReminderDays,
    depotAddress: row.depotAddress,
    depotLatitude: row.depotLatitude,
    depotLongitude: row.depotLongitude,
    setUp: row.setUpAt !== null,
    role: member.workspaceRole,
    can,
  };
}

/**
 * `PATCH /api/workspaces/{id}`: any of the settings. Naming the business finishes its set-up
 * (onboarding): the dashboard stops asking.
 */
export async function updateWorkspace(db: Executor, member: Member, input: z.output<typeof updateWorkspaceInput>) {
  authorize(policy.workspace.can(member).manageSettings, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  await db
    .update(workspaces)
    .set({
      ...input,
      ...(input.name !== undefined ? { setUpAt: sql`coalesce(${workspaces.setUpAt}, now())` } : {}),
    })
    .where(eq(workspaces.id, member.workspaceId));
  return getWorkspace(db, member);
}

/** Whether the member's workspace still waits for its name (the dashboard's 'Finish setting up'). */
export async function isSetUp(db: Executor, member: Member): Promise<boolean> {
  const [row] = await db
    .select({ setUp: sql<boolean>`${workspaces.setUpAt} is not null` })
    .from(workspaces)
    .where(eq(workspaces.id, member.workspaceId));
  return row?.setUp ?? true;
}

/** `PUT /api/me/workspace`: where requests without `X-Workspace` go from now on (404 unless a member). */
export async function chooseDefaultWorkspace(db: Executor, actor: Actor, workspaceId: string): Promise<Member> {
  const { member, refused } = await resolveMember(db, actor, workspaceId);
  if (!member || refused) throw notFound(WORKSPACE_MESSAGES.notFound);
  await db
    .update(users)
    .set({ defaultWorkspaceId: member.workspaceId })
    .where(and(eq(users.id, actor.id)));
  return member;
}

/**
 * `POST /api/workspaces` ('New business' in the switcher): a business of the signer's own, named
 * at once, with them as its owner. How someone who joined by invitation starts their own.
 */
export async function createWorkspace(
  db: Database,
  actor: Actor,
  input: z.output<typeof setUpWorkspaceInput>,
): Promise<WorkspaceRef> {
  return db.transaction(async (tx) => {
    const [workspace] = await tx
      .insert(workspaces)
      .values({ name: input.name, setUpAt: sql`now()`, ...(input.timeZone ? { timeZone: input.timeZone } : {}) })
      .returning({
        id: workspaces.id,
        name: workspaces.name,
        country: workspaces.country,
        locale: workspaces.locale,
        currency: workspaces.currency,
        timeZone: workspaces.timeZone,
      });
    if (!workspace) throw new Error('workspace insert returned nothing');
    await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId: actor.id, role: 'owner' });
    return { ...workspace, role: 'owner' as const };
  });
}

/**
 * `DELETE /api/workspaces/{id}` (owners only): the workspace and every business row in it, in
 * one transaction, then its stored files (photos, thumbnails, signatures). Nearly every table
 * goes by its `workspace_id … on delete cascade`; visit tasks go first because a template they
 * copied is held by `restrict`. The mail it sent stays counted against the people who sent it
 * and the addresses it went to (the row loses its workspace, not its person), so deleting a
 * business never refills a mail budget. A member whose default it was falls back to another of
 * theirs (`default_workspace_id` is set null, and `resolveMember` takes the next one).
 */
export async function deleteWorkspace(db: Database, storage: Storage, member: Member): Promise<void> {
  authorize(policy.workspace.can(member).deleteWorkspace, WORKSPACE_MESSAGES.ownersOnly);
  const workspaceId = member.workspaceId;
  const files = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    if (!locked) throw notFound(WORKSPACE_MESSAGES.notFound);
    const [photoFiles, signatures] = await Promise.all([
      tx
        .select({ file: photos.storagePath, thumbnail: photos.thumbnailPath })
        .from(photos)
        .where(eq(photos.workspaceId, workspaceId)),
      tx
        .select({ file: visits.signaturePath })
        .from(visits)
        .where(and(eq(visits.workspaceId, workspaceId), isNotNull(visits.signaturePath))),
    ]);
    await tx.update(mailSends).set({ workspaceId: null }).where(eq(mailSends.workspaceId, workspaceId));
    await tx.delete(visitTasks).where(eq(visitTasks.workspaceId, workspaceId));
    await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
    return [...photoFiles.flatMap((row) => [row.file, row.thumbnail]), ...signatures.map((row) => row.file)].filter(
      (key): key is string => Boolean(key),
    );
  });
  const results = await Promise.allSettled(files.map((key) => storage.delete(key)));
  const failed = results.filter((result) => result.status === 'rejected').length;
  if (failed > 0) console.warn(`Workspace ${workspaceId}: ${failed} stored files were not deleted`);
}
