import { Hono } from 'hono';
import { CLIENT_MESSAGES, clientInput, clientPatch, listClientsQuery } from '../../../shared/schemas/clients';
import { inWorkspace } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import * as service from './clients.service';

// Issue 26: `/api/clients` (docs/api.md "Clients").
export const clientsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await service.listClients(c.var.db, c.var.member, parseQuery(c, listClientsQuery))))
  .post('/', async (c) =>
    c.json(await service.createClient(c.var.db, c.var.member, await parseBody(c, clientInput)), 201),
  )
  .get('/:id', async (c) => c.json(await service.getClient(c.var.db, c.var.member, clientId(c))))
  .patch('/:id', async (c) => {
    const id = clientId(c);
    return c.json(await service.updateClient(c.var.db, c.var.member, id, await parseBody(c, clientPatch)));
  })
  .delete('/:id', async (c) => {
    await service.removeClient(c.var.db, c.var.member, clientId(c));
    return c.body(null, 204);
  });

/** `GET /api/clients.csv?q=`: the list's rows as a streamed CSV (owners and managers). */
export const clientsCsvRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', (c) => service.exportClientsCsv(c.var.db, c.var.member, parseQuery(c, listClientsQuery)));

const clientId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', CLIENT_MESSAGES.notFound);
