import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatsFor } from '../../../shared/locale';
import type { clientInput, clientPatch, listClientsQuery } from '../../../shared/schemas/clients';
import { WORKSPACE_MESSAGES } from '../../../shared/messages/workspaces';
import type { Member } from '../../access/member';
import { authorize, policy, requireRecord } from '../../access/policy';
import { csvResponse, pagedRows, type CsvValue } from '../../csv';
import type { Executor } from '../../db/client';
import { clients } from '../../db/schema';
import { aRow, containsPattern, countUpTo, toPage } from '../../db/sql';
import { notFound } from '../../errors';
import { localityOf } from '../workspaces';

// Clients: the people a business works for, in its workspace. Owners and managers read
// and change them; a technician reads none (the policy's scope is empty for them: 404), and sees a
// client only as the name and phone on the visits they are on (visits module).

type ListQuery = z.output<typeof listClientsQuery>;

const clientColumns = {
  id: clients.id,
  name: clients.name,
  company: clients.company,
  email: clients.email,
  phone: clients.phone,
  billingAddress: clients.billingAddress,
  notes: clients.notes,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
  // Spelled out: drizzle leaves a one-table select's columns unqualified, and a bare "id" in the
  // subquery would be the property's.
  propertyCount: sql<number>`cast((select count(*) from properties as client_properties
    where client_properties.client_id = "clients"."id" and client_properties.deleted_at is null) as integer)`,
};

interface ClientRow {
  id: string;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  billingAddress: string | null;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
  propertyCount: number;
}

const toDto = (member: Member, { createdAt, updatedAt, ...row }: ClientRow) => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  can: policy.client.can(member),
});

/** The list's filter: the member's clients, `q` in the name, e-mail or phone. */
function listWhere(member: Member, q: string | undefined) {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    policy.client.scope(member),
    pattern
      ? or(ilike(clients.name, pattern), ilike(clients.email, pattern), ilike(clients.phone, pattern))
      : undefined,
  );
}

const byName = [asc(sql`lower(${clients.name})`), asc(clients.id)];

/** `GET /api/clients`: by name, one query. */
export async function listClients(db: Executor, member: Member, query: ListQuery) {
  const where = listWhere(member, query.q);
  const rows = await db
    .select(clientColumns)
    .from(clients)
    .where(where)
    .orderBy(...byName)
    .limit(query.limit)
    .offset(query.offset);
  return toPage(
    rows,
    query,
    () => countUpTo(db, db.select(aRow).from(clients).where(where)),
    (row) => toDto(member, row),
  );
}

/** `GET /api/clients/:id`; 'Client not found' for whoever may not see it. */
export async function getClient(db: Executor, member: Member, id: string) {
  const [row] = await db
    .select(clientColumns)
    .from(clients)
    .where(and(eq(clients.id, id), policy.client.scope(member)));
  if (!row) throw notFound(policy.client.notFound);
  return toDto(member, row);
}

export async function createClient(db: Executor, member: Member, input: z.output<typeof clientInput>) {
  authorize(policy.client.can(member).edit, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const [row] = await db
    .insert(clients)
    .values({ ...input, workspaceId: member.workspaceId })
    .returning({ id: clients.id });
  if (!row) throw new Error('insert returned nothing');
  return getClient(db, member, row.id);
}

/** Visible → 403 for whoever may not change it; invisible → 404. */
const requireEditable = (db: Executor, member: Member, id: string) =>
  requireRecord(db, member, 'client', id, {
    need: { allows: () => policy.client.can(member).edit, message: WORKSPACE_MESSAGES.ownersAndManagersOnly },
  });

export async function updateClient(db: Executor, member: Member, id: string, input: z.output<typeof clientPatch>) {
  await requireEditable(db, member, id);
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    await db
      .update(clients)
      .set(changes)
      .where(and(eq(clients.id, id), policy.client.scope(member)));
  }
  return getClient(db, member, id);
}

/** Deletes the client; its properties stay, without a client (ON DELETE SET NULL). */
export async function removeClient(db: Executor, member: Member, id: string): Promise<void> {
  await requireEditable(db, member, id);
  await db.delete(clients).where(and(eq(clients.id, id), policy.client.scope(member)));
}

const CSV_HEADER = ['Name', 'Company', 'Email', 'Phone', 'Billing address', 'Notes', 'Properties', 'Created'];

/** `GET /api/clients.csv?q=`: the list under the same filter, streamed a page at a time. */
export function exportClientsCsv(db: Executor, member: Member, query: ListQuery): Response {
  authorize(policy.client.can(member).edit, WORKSPACE_MESSAGES.ownersAndManagersOnly);
  const where = listWhere(member, query.q);
  const rows = pagedRows((offset, limit) =>
    db
      .select(clientColumns)
      .from(clients)
      .where(where)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset),
  );
  return csvResponse('clients.csv', CSV_HEADER, mapRows(db, member, rows));
}

/** The rows as CSV values; 'Created' is the business's clock with its offset (ISO 8601, for machines). */
async function* mapRows(db: Executor, member: Member, rows: AsyncIterable<ClientRow>): AsyncGenerator<CsvValue[]> {
  const { isoDateTime } = formatsFor(await localityOf(db, member));
  for await (const row of rows) {
    yield [
      row.name,
      row.company,
      row.email,
      row.phone,
      row.billingAddress,
      row.notes,
      row.propertyCount,
      isoDateTime(row.createdAt),
    ];
  }
}
