import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { PORTAL_SESSION_DAYS } from '../../../shared/notifications';
import { pageQuery } from '../../../shared/schemas/common';
import { CLIENT_MESSAGES } from '../../../shared/messages/clients';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth';
import { WORKSPACE_HEADER } from '../../../shared/messages/workspaces';
import {
  PORTAL_MESSAGES,
  portalVisitsQuery,
  visitRequestInput,
  visitRequestPatch,
  visitRequestsQuery,
} from '../../../shared/schemas/portal';
import { resolvePortalClient } from '../../access/member';
import { createCheckout } from '../payments';
import { inWorkspace } from '../../auth/session';
import { AppError, notFound } from '../../errors';
import { clientIp, sendStored, uuidParam } from '../../http';
import type { AppEnv, MemberEnv, PortalEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import {
  enterPortal,
  listPortalSignIns,
  PORTAL_COOKIE,
  PORTAL_ENTER_PATH,
  revokePortalAccess,
  sendPortalLink,
  sha256,
} from './portal-links';
import * as portal from './portal.service';
import { listVisitRequests, updateVisitRequest } from './visit-requests.service';

// The client portal's HTTP surface (docs/api.md "Client portal").

/**
 * `/api/portal/enter/{token}`. POST (the 'Open my portal' button of the page the e-mailed link
 * opens) uses the token up, starts the session (cookie: httpOnly, SameSite=Lax, Secure on https)
 * and answers where to go: `{ next }`; 404 with 'This link is no longer valid…' otherwise. GET
 * (and HEAD), the address links had before, only leads to that page: a mail scanner that opens
 * a link, or a browser that prefetches it, never uses it up.
 */
export const portalEnterRoutes = new Hono<AppEnv>()
  .get('/:token', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(`${PORTAL_ENTER_PATH}/${encodeURIComponent(c.req.param('token'))}`, 303);
  })
  .post('/:token', async (c) => {
    const entered = await enterPortal(c.var.db, c.req.param('token'), {
      ipAddress: clientIp(c, c.var.config),
      userAgent: c.req.header('user-agent') ?? null,
    });
    c.header('Cache-Control', 'no-store');
    if (!entered) throw notFound(PORTAL_MESSAGES.linkInvalid);
    setCookie(c, PORTAL_COOKIE, entered.sessionToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
      secure: c.var.config.publicUrl.startsWith('https:'),
      maxAge: PORTAL_SESSION_DAYS * 24 * 3600,
    });
    return c.json({ next: entered.next });
  });

/** The portal's client of the request (its cookie, or a verified account that is the client's); 401 otherwise. */
export const portalSignedIn = createMiddleware<PortalEnv>(async (c, next) => {
  const token = getCookie(c, PORTAL_COOKIE);
  const client = await resolvePortalClient(c.var.db, {
    sessionTokenHash: token ? sha256(token) : null,
    actor: c.var.actor,
    requested: c.req.header(WORKSPACE_HEADER) ?? null,
    seen: { ipAddress: clientIp(c, c.var.config), userAgent: c.req.header('user-agent') ?? null },
  });
  if (!client) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.notAuthenticated);
  c.set('portal', client);
  c.header('Cache-Control', 'private, no-store');
  await next();
});

const visitId = (c: Context) => uuidParam(c, 'id', PORTAL_MESSAGES.visitNotFound);

/** `/api/portal/*`: the client's own records. */
export const portalRoutes = new Hono<PortalEnv>()
  .use(portalSignedIn)
  .get('/me', async (c) => c.json(await portal.getPortalMe(c.var.db, c.var.portal)))
  .get('/visits', queryOf(portalVisitsQuery), async (c) =>
    c.json(await portal.listPortalVisits(c.var.db, c.var.portal, c.req.valid('query'))),
  )
  .get('/visits/:id', async (c) => c.json(await portal.getPortalVisit(c.var.db, c.var.portal, visitId(c))))
  .get('/visits/:id/signature', async (c) => {
    const { key, stored } = await portal.openPortalSignature(c.var.db, c.var.storage, c.var.portal, visitId(c));
    return sendStored(c, stored, {
      'Cache-Control': 'private, max-age=3600',
      ETag: `"${key}"`,
      'Content-Type': 'image/png',
    });
  })
  .get('/photos/:id/thumbnail', (c) => sendPhoto(c, 'thumbnail'))
  .get('/photos/:id/file', (c) => sendPhoto(c, 'file'))
  .get('/invoices', queryOf(pageQuery), async (c) =>
    c.json(
      await portal.listPortalInvoices(c.var.db, c.var.portal, c.req.valid('query'), {
        payOnline: Boolean(c.var.payments && !c.var.payments.connect),
      }),
    ),
  )
  .get('/invoices/:id/pdf', async (c) => {
    const id = uuidParam(c, 'id', PORTAL_MESSAGES.invoiceNotFound);
    const { fileName, pdf } = await portal.portalInvoicePdf(c.var.db, c.var.portal, id);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  })
  // 'Pay now': the provider's hosted page for the invoice's balance due (docs/api.md "Online payment").
  .post('/invoices/:id/checkout', uuidParams({ id: PORTAL_MESSAGES.invoiceNotFound }), async (c) =>
    c.json(await createCheckout(c.var, c.var.portal, uuidParam(c, 'id', PORTAL_MESSAGES.invoiceNotFound))),
  )
  .get('/requests', queryOf(pageQuery), async (c) =>
    c.json(await portal.listPortalRequests(c.var.db, c.var.portal, c.req.valid('query'))),
  )
  .post('/requests', jsonBody(visitRequestInput), async (c) =>
    c.json(await portal.createVisitRequest(c.var.db, c.var.portal, c.req.valid('json')), 201),
  );

async function sendPhoto(c: Context<PortalEnv>, which: 'file' | 'thumbnail') {
  const id = uuidParam(c, 'id', PORTAL_MESSAGES.photoNotFound);
  const file = await portal.openPortalPhoto(c.var.db, c.var.storage, c.var.portal, id, which);
  const headers = { 'Cache-Control': 'private, max-age=3600', ETag: file.etag, 'Content-Type': file.contentType };
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, headers);
  const stored = await file.open();
  if (!stored) throw notFound(PORTAL_MESSAGES.photoNotFound);
  return sendStored(c, stored, headers);
}

const clientId = (c: Context) => uuidParam(c, 'id', CLIENT_MESSAGES.notFound);

/** `/api/clients/{id}/portal-*`: the client page's 'Client portal' section (owners and managers). */
export const clientPortalRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .post('/:id/portal-link', async (c) => c.json(await sendPortalLink(c.var, c.var.member, clientId(c)), 202))
  .post('/:id/portal-revoke', async (c) => {
    await revokePortalAccess(c.var.db, c.var.member, clientId(c));
    return c.body(null, 204);
  })
  .get('/:id/portal-sign-ins', uuidParams({ id: CLIENT_MESSAGES.notFound }), queryOf(pageQuery), async (c) =>
    c.json(await listPortalSignIns(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  );

/** `/api/visit-requests`: 'Visit requests' (owners and managers). */
export const visitRequestsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(visitRequestsQuery), async (c) =>
    c.json(await listVisitRequests(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .patch('/:id', uuidParams({ id: PORTAL_MESSAGES.requestNotFound }), jsonBody(visitRequestPatch), async (c) => {
    const id = c.req.valid('param').id;
    return c.json(await updateVisitRequest(c.var.db, c.var.member, id, c.req.valid('json')));
  });
