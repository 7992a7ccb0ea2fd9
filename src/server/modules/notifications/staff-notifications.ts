import { and, eq, inArray, ne } from 'drizzle-orm';
import type { StaffNotificationKind } from '../../../shared/notifications';
import type { Executor } from '../../db/client';
import { staffNotifications, workspaceMembers } from '../../db/schema';

// What a staff member's bell lists. Written in the transaction of the change it tells
// of (an assignment, a move, a client's request), so it exists exactly when the change does.

export interface StaffNotice {
  workspaceId: string;
  kind: StaffNotificationKind;
  text: string;
  visitId?: string | null;
  requestId?: string | null;
}

/** One notification per user in `userIds` (the person who made the change is left out by the caller). */
export async function notifyStaff(tx: Executor, userIds: readonly string[], notice: StaffNotice): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await tx.insert(staffNotifications).values(
    unique.map((userId) => ({
      workspaceId: notice.workspaceId,
      userId,
      kind: notice.kind,
      text: notice.text,
      visitId: notice.visitId ?? null,
      requestId: notice.requestId ?? null,
    })),
  );
}

/** The owners and managers of a workspace (who hear of clients' requests). */
export async function officeOf(tx: Executor, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), ne(workspaceMembers.role, 'technician')));
  return rows.map((row) => row.userId);
}

/** Of `userIds`, those still members of the workspace. */
export async function membersAmong(tx: Executor, workspaceId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [...userIds])));
  return rows.map((row) => row.userId);
}
