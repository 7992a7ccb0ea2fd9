import { and, eq } from 'drizzle-orm';
import { quotes, quoteVersions } from '../../src/server/db/schema';
import { contentHashOf, createQuote, getQuote, readVersion } from '../../src/server/modules/quotes';
import { createQuoteInput } from '../../src/shared/schemas/quotes';
import { memberOf, type TestUser } from './factories';
import type { TestApp } from './test-app';

// A quote for a client's property, made through the service (set-up for the tables of every
// endpoint), optionally marked sent without e-mail.

export async function createQuoteRow(
  t: TestApp,
  owner: TestUser,
  where: { workspaceId: string; clientId: string; propertyId: string },
  options: { sent?: boolean } = {},
) {
  const member = await memberOf(t, owner, where.workspaceId);
  const quote = await createQuote(
    t.db,
    member,
    createQuoteInput.parse({
      clientId: where.clientId,
      propertyId: where.propertyId,
      title: 'Table quote',
      deposit: { percent: 10 },
      options: [
        {
          name: 'Only',
          recommended: true,
          lines: [
            { description: 'Work', quantity: 1, unitPrice: 10000 },
            { description: 'Add-on', quantity: 1, unitPrice: 500, optional: true },
          ],
        },
      ],
    }),
  );
  if (options.sent) {
    await t.db
      .update(quoteVersions)
      .set({ sentAt: new Date() })
      .where(and(eq(quoteVersions.quoteId, quote.id), eq(quoteVersions.version, 1)));
    await t.db.update(quotes).set({ status: 'sent', sentVersion: 1 }).where(eq(quotes.id, quote.id));
  }
  const version = await readVersion(t.db, quote.id, 1);
  return { ...(await getQuote(t.db, member, quote.id)), contentHash: contentHashOf(version!) };
}
