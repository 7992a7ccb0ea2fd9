import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { DEBUG_QUERY_ROW_LIMIT } from '../../../shared/constants';
import type { TestDbQueryName, TestDbQueryResult } from '../../../shared/schemas/debug';
import type { Member } from '../../access/member';
import { policy } from '../../access/policy';
import type { Executor } from '../../db/client';
import { properties, userProperties, users, visits, visitUsers } from '../../db/schema';

// spec §2 /test-db: five queries, each limited to 5 rows and scoped to what the member may see
// in their current workspace (access/policy.ts), so the page never shows another user's data: the
// users query shows the member alone, the links query their own labels.

const limit = DEBUG_QUERY_ROW_LIMIT;

export async function runTestDbQueries(db: Executor, member: Member) {
  const queries: [TestDbQueryName, () => Promise<Record<string, unknown>[]>][] = [
    [
      'users',
      () =>
        db
          .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, member.id))
          .orderBy(desc(users.createdAt))
          .limit(limit),
    ],
    [
      'properties',
      () =>
        db
          .select({ id: properties.id, name: properties.name, address: properties.address })
          .from(properties)
          .where(policy.property.scope(member))
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
          .where(policy.visit.scope(member))
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
          .where(and(policy.property.scope(member), eq(userProperties.userId, member.id)))
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
          .innerJoin(visitUsers, and(eq(visitUsers.visitId, visits.id), eq(visitUsers.userId, member.id)))
          .innerJoin(properties, eq(properties.id, visits.propertyId))
          .where(and(gte(visits.scheduledAt, sql`now()`), policy.visit.scope(member)))
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
