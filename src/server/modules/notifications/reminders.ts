import { sql } from 'drizzle-orm';
import { REMINDER_HOURS } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { clientMessages, clients, properties, visits, workspaces } from '../../db/schema';
import { repeatEvery } from '../../jobs/repeat';

// The reminder before a visit. It is due `reminder_hours` before the visit on the
// workspace's wall clock: a 9:00 visit the day after a daylight-saving change is reminded of at
// 9:00 the day before (23 or 25 real hours), as a person setting a reminder would expect. One
// statement writes every due reminder into the outbox; the dedupe key (the visit and its time)
// makes it once per visit and time, with any number of processes running the job. A visit made
// after its reminder was due (booked for tomorrow this afternoon) gets none: its 'scheduled'
// message said it all.

/** Writes the reminders due at `now`; returns how many. */
export async function queueDueReminders(db: Database, now = new Date()): Promise<number> {
  const at = sql`cast(${now.toISOString()} as timestamptz)`;
  const zone = sql`${workspaces.timeZone}`;
  const dueAt = sql`((${visits.scheduledAt} at time zone ${zone}) - make_interval(hours => ${workspaces.reminderHours})) at time zone ${zone}`;
  const result = await db.execute(sql`
    insert into ${clientMessages} (workspace_id, client_id, kind, visit_id, recipient, payload, dedupe_key)
    select ${visits.workspaceId}, ${clients.id}, 'visit_reminder', ${visits.id}, btrim(${clients.email}),
      jsonb_build_object('propertyName', ${properties.name}, 'address', ${properties.address},
        'scheduledAt', to_char(${visits.scheduledAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      'reminder:' || ${visits.id} || ':' || extract(epoch from ${visits.scheduledAt})
    from ${visits}
    join ${properties} on ${properties.id} = ${visits.propertyId} and ${properties.deletedAt} is null
    join ${clients} on ${clients.id} = ${properties.clientId}
    join ${workspaces} on ${workspaces.id} = ${visits.workspaceId}
    where ${visits.status} = 'scheduled'
      and ${visits.scheduledAt} > ${at}
      and ${visits.scheduledAt} <= ${at} + make_interval(hours => ${REMINDER_HOURS.max + 1})
      and ${dueAt} <= ${at}
      and ${visits.createdAt} <= ${dueAt}
      and ${clients.unsubscribedAt} is null
      and not ('visit_reminder' = any(${clients.notificationsOff}))
      and coalesce((${workspaces.clientNotifications} ->> 'visit_reminder')::boolean, true)
      and coalesce(btrim(${clients.email}), '') <> ''
    on conflict (dedupe_key) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Runs every minute; the timer does not keep the process alive. Returns a stop function. */
export function startReminderJob(db: Database, intervalMs = 60_000): () => Promise<void> {
  return repeatEvery(intervalMs, 'reminder job', () => queueDueReminders(db));
}
