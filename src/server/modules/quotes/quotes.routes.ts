import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { centsToDecimal } from '../../../shared/money';
import {
  approveQuoteFields,
  createQuoteInput,
  declineQuoteInput,
  listQuotesQuery,
  portalQuoteQuery,
  QUOTE_MESSAGES,
  sendQuoteInput,
  updateQuoteInput,
} from '../../../shared/schemas/quotes';
import { manages } from '../../access/member';
import { inWorkspace } from '../../auth/session';
import type { Config } from '../../config';
import { csvResponse } from '../../csv';
import { notFound } from '../../errors';
import { clientIp, parseWith, sendStored, uuidParam } from '../../http';
import type { Storage } from '../../storage/storage';
import type { MemberEnv, PortalEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import { portalSignedIn } from '../portal';
import { receiveSignature, storeSignature } from '../visits';
import { approveQuote, declineQuote, openQuoteSignature, type Approver } from './quote-approval';
import { getPortalQuote } from './quote-portal';
import { getQuote, listQuotes, quoteRowsAfter } from './quote-read';
import { renderQuotePdf } from './quote-pdf';
import { localityOf } from '../workspaces';
import * as service from './quotes.service';

// Quotes over HTTP (docs/api.md "Quotes"): the office's routes (owners and managers; a technician
// gets 404 on every one, as for a quote that is not there) and the portal's.

const quoteId = (c: Context) => uuidParam(c, 'id', QUOTE_MESSAGES.notFound);
const quoteIdParam = uuidParams({ id: QUOTE_MESSAGES.notFound });

/** Quotes are the office's: a technician is told no quote is there (404), before any input is read. */
const officeOnly = createMiddleware<MemberEnv>(async (c, next) => {
  if (!manages(c.var.member)) throw notFound(QUOTE_MESSAGES.notFound);
  await next();
});

/**
 * The approval's multipart form (the signature PNG streamed by busboy, 1 MB at most, with its
 * text fields; `optionalLineIds` repeated), the signature stored, then the approval; a refused
 * approval leaves no file behind.
 */
async function approveFromForm(
  c: Context,
  deps: { db: Parameters<typeof approveQuote>[0]; storage: Storage; config: Config },
  who: Approver,
  id: string,
) {
  const upload = await receiveSignature(c.req.raw, deps.config, { fileField: 'signature', maxFields: 110 });
  try {
    // The text fields as busboy read them, `optionalLineIds` with every value it was sent.
    const sent = { ...upload.fields, optionalLineIds: upload.repeated.optionalLineIds ?? [] };
    const fields = parseWith(approveQuoteFields, sent);
    const key = await storeSignature(deps.storage, upload.file, 'signature');
    try {
      await approveQuote(deps.db, who, id, fields, key, {
        ip: clientIp(c, deps.config),
        userAgent: c.req.header('user-agent') ?? null,
      });
    } catch (error) {
      await deps.storage.delete(key);
      throw error;
    }
  } finally {
    await upload.cleanUp();
  }
}

/** The stored signature's bytes (null when there is none). */
async function readAll(opening: ReturnType<typeof openQuoteSignature>): Promise<Buffer | null> {
  const { stored } = await opening.catch(() => ({ stored: null }));
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const CSV_HEADER = [
  'Quote number',
  'Title',
  'Client',
  'Property',
  'Status',
  'Version',
  'Valid until',
  'Approved total',
  'Created at',
];

export const quotesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .use(officeOnly)
  .get('/', queryOf(listQuotesQuery), async (c) =>
    c.json(await listQuotes(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(createQuoteInput), async (c) =>
    c.json(await service.createQuote(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await getQuote(c.var.db, c.var.member, quoteId(c))))
  .patch('/:id', quoteIdParam, jsonBody(updateQuoteInput), async (c) =>
    c.json(await service.updateQuote(c.var.db, c.var.member, quoteId(c), c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removeQuote(c.var.db, c.var.member, quoteId(c));
    return c.body(null, 204);
  })
  .post('/:id/cancel', quoteIdParam, async (c) => c.json(await service.cancelQuote(c.var.db, c.var.member, quoteId(c))))
  .post('/:id/send', quoteIdParam, jsonBody(sendQuoteInput), async (c) =>
    c.json(await service.sendQuote(c.var, c.var.member, quoteId(c), c.req.valid('json').to)),
  )
  // The client signs on the office's phone: the same fields as the portal's approval.
  .post('/:id/approve-in-person', quoteIdParam, async (c) => {
    const id = quoteId(c);
    await getQuote(c.var.db, c.var.member, id);
    await approveFromForm(c, c.var, { member: c.var.member }, id);
    return c.json(await getQuote(c.var.db, c.var.member, id));
  })
  // The quote as PDF: its options, or once approved what was approved, with the signature.
  .get('/:id/pdf', async (c) => {
    const { db, member, storage } = c.var;
    const quote = await getQuote(db, member, quoteId(c));
    const signature = quote.approval ? await readAll(openQuoteSignature(db, storage, { member }, quote.id)) : null;
    const business = await service.businessNameOf(db, member);
    const pdf = await renderQuotePdf(quote, business, await localityOf(db, member), signature);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${quote.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .get('/:id/signature', async (c) => {
    const { key, stored } = await openQuoteSignature(c.var.db, c.var.storage, { member: c.var.member }, quoteId(c));
    return sendStored(c, stored, {
      'Cache-Control': 'private, max-age=3600',
      ETag: `"${key}"`,
      'Content-Type': 'image/png',
    });
  });

/** `GET /api/quotes.csv`: the list with its filters, a page at a time. */
export const quotesCsvRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .use(officeOnly)
  .get('/', queryOf(listQuotesQuery), (c) => {
    const { db, member } = c.var;
    const query = c.req.valid('query');
    async function* rows() {
      let after: { createdAt: Date; id: string } | null = null;
      for (;;) {
        const page = await quoteRowsAfter(db, member, query, after, 500);
        for (const row of page) {
          yield [
            row.number,
            row.title,
            row.client.name,
            row.property.name,
            row.status,
            row.version,
            row.validUntil,
            row.approvedTotal === null ? '' : centsToDecimal(row.approvedTotal),
            row.createdAt.toISOString(),
          ];
        }
        const last = page.at(-1);
        if (page.length < 500 || !last) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    }
    return csvResponse('quotes.csv', CSV_HEADER, rows());
  });

/** `/api/portal/quotes/*`: the client's own quotes. */
export const portalQuotesRoutes = new Hono<PortalEnv>()
  .use(portalSignedIn)
  .get('/:id', quoteIdParam, queryOf(portalQuoteQuery), async (c) =>
    c.json(await getPortalQuote(c.var.db, c.var.portal, quoteId(c), c.req.valid('query').version)),
  )
  .post('/:id/approve', quoteIdParam, async (c) => {
    const id = quoteId(c);
    await getPortalQuote(c.var.db, c.var.portal, id);
    await approveFromForm(c, c.var, { portal: c.var.portal }, id);
    return c.json(await getPortalQuote(c.var.db, c.var.portal, id));
  })
  .post('/:id/decline', quoteIdParam, jsonBody(declineQuoteInput, { whenEmpty: {} }), async (c) => {
    const id = quoteId(c);
    await declineQuote(c.var.db, { portal: c.var.portal }, id, c.req.valid('json').reason ?? null);
    return c.json(await getPortalQuote(c.var.db, c.var.portal, id));
  })
  .get('/:id/signature', async (c) => {
    const { key, stored } = await openQuoteSignature(c.var.db, c.var.storage, { portal: c.var.portal }, quoteId(c));
    return sendStored(c, stored, {
      'Cache-Control': 'private, max-age=3600',
      ETag: `"${key}"`,
      'Content-Type': 'image/png',
    });
  });
