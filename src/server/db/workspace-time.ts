import { sql, type SQL } from 'drizzle-orm';
import { workspaces } from './schema';

// The business's own calendar: 'today' and 'this month' begin at midnight in the workspace's
// time zone (workspaces.time_zone), not the server's, and a day across a daylight-saving change
// is still one day on the wall clock.

const zoneOf = (workspaceId: string) =>
  sql`(select ${workspaces.timeZone} from ${workspaces} where ${workspaces.id} = ${workspaceId})`;

/** SQL: the instant the current `unit` ('day' or 'month') began in the workspace's zone, moved by `shift` units. */
function startOf(workspaceId: string, unit: 'day' | 'month', shift = 0): SQL {
  const zone = zoneOf(workspaceId);
  const local = sql`date_trunc(${unit}, now() at time zone ${zone})`;
  const shifted =
    shift === 0 ? local : sql`(${local} + make_interval(${sql.raw(unit === 'day' ? 'days' : 'months')} => ${shift}))`;
  return sql`(${shifted} at time zone ${zone})`;
}

/** The instant today began in the workspace, and the one tomorrow begins. */
export const startOfToday = (workspaceId: string) => startOf(workspaceId, 'day');
export const startOfTomorrow = (workspaceId: string) => startOf(workspaceId, 'day', 1);
/** The instant this month began in the workspace. */
export const startOfMonth = (workspaceId: string) => startOf(workspaceId, 'month');

/**
 * SQL: the next working day (Monday to Friday) in the workspace's zone at the wall-clock time
 * `instant` has there: a follow-up found on a Friday is booked for Monday, not Saturday.
 */
export const nextWorkingDayAtTimeOf = (workspaceId: string, instant: SQL): SQL => {
  const zone = zoneOf(workspaceId);
  const tomorrow = sql`(date_trunc('day', now() at time zone ${zone}) + interval '1 day')`;
  // isodow: 6 Saturday, 7 Sunday; move them on to Monday
  const day = sql`(${tomorrow} + make_interval(days => case extract(isodow from ${tomorrow})
    when 6 then 2 when 7 then 1 else 0 end))`;
  return sql`((${day} + cast(${instant} at time zone ${zone} as time)) at time zone ${zone})`;
};

/** SQL: the day of `instant` in the workspace's zone, as text: 'Nov 24, 2026'. */
export const dayIn = (workspaceId: string, instant: SQL): SQL<string> =>
  sql<string>`to_char(${instant} at time zone ${zoneOf(workspaceId)}, 'Mon FMDD, YYYY')`;
