import { Hono } from 'hono';
import { CLIENT_MESSAGES, clientInput, clientPatch, listClientsQuery } from '../../../shared/schemas/clients';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import * as service from './clients.service';

/** `/api/clients` (docs/api.md "Clients"). */
export const clientsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listClientsQuery), async (c) =>
    c.json(await service.listClients(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(clientInput), async (c) =>
    c.json(await service.createClient(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await service.getClient(c.var.db, c.var.member, clientId(c))))
  .patch('/:id', uuidParams({ id: CLIENT_MESSAGES.notFound }), jsonBody(clientPatch), async (c) =>
    c.json(await service.updateClient(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removeClient(c.var.db, c.var.member, clientId(c));
    return c.body(null, 204);
  });

/** `GET /api/clients.csv?q=`: the list's rows as a streamed CSV (owners and managers). */
export const clientsCsvRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listClientsQuery), (c) => service.exportClientsCsv(c.var.db, c.var.member, c.req.valid('query')));

const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', CLIENT_MESSAGES.notFound);
