import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { DEBUG_QUERY_ROW_LIMIT } from '../../../shared/constants';
import type { TestDbDto, TestDbQueryName, TestDbQueryResult } from '../../../shared/schemas/debug';
import { visibleLink, visibleProperty, visibleUser } from '../../access';
import type { Actor } from '../../auth/actor';
import type { Executor } from '../../db/client';
import { properties, userProperties, users, visits, visitUsers } from '../../db/schema';

// spec §2 /test-db: five queries, each limited to 5 rows and scoped to what the actor may
// see, so the page never shows another user's data (admins see what admins see anywhere).

const limit = DEBUG_QUERY_ROW_LIMIT;

export async function runTestDbQueries(db: Executor, actor: Actor): Promise<TestDbDto> {
  const queries: [TestDbQueryName, () => Promise<Record<string, unknown>[]>][] = [
    [
      'users',
      () =>
        db
          .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
          .from(users)
          .where(visibleUser(actor))
          .orderBy(desc(users.createdAt))
          .limit(limit),
    ],
    [
      'properties',
      () =>
        db
          .select({ id: properties.id, name: properties.name, address: properties.address })
          .from(properties)
          .where(visibleProperty(actor))
          .orderBy(desc(properties.createdAt))
          .limit(limit),
    ],
    [
      'visits',
      () =>
        db
          .select({
            id: visits.id,
            scheduledAt: visits.scheduledAt,
            status: visits.status,
            propertyId: visits.propertyId,
            propertyName: properties.name,
          })
          .from(visits)
          .innerJoin(properties, eq(properties.id, visits.propertyId))
          .where(visibleProperty(actor))
          .orderBy(desc(visits.scheduledAt))
          .limit(limit),
    ],
    [
      'user_properties',
      () =>
        db
          .select({
            userId: userProperties.userId,
            propertyId: userProperties.propertyId,
            role: userProperties.role,
          })
          .from(userProperties)
          .innerJoin(properties, eq(properties.id, userProperties.propertyId))
          .where(and(visibleProperty(actor), visibleLink(actor)))
          .orderBy(desc(userProperties.createdAt))
          .limit(limit),
    ],
    [
      // The dashboard's query: visits the actor is assigned to, from now, soonest first.
      'upcoming_visits',
      () =>
        db
          .select({
            id: visits.id,
            scheduledAt: visits.scheduledAt,
            status: visits.status,
            propertyName: properties.name,
            propertyAddress: properties.address,
          })
          .from(visits)
          .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, actor.id)))
          .innerJoin(properties, eq(properties.id, visits.propertyId))
          .where(and(gte(visits.scheduledAt, sql`now()`), visibleProperty(actor)))
          .orderBy(asc(visits.scheduledAt))
          .limit(limit),
    ],
  ];

  const results: TestDbQueryResult[] = [];
  for (const [name, run] of queries) {
    try {
      const rows = await run();
      results.push({ name, ok: true, count: rows.length, rows });
    } catch (error) {
      results.push({
        name,
        ok: false,
        count: 0,
        rows: [],
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { queries: results };
}
