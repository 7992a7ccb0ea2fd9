import { Hono } from 'hono';
import { PROPERTY_NOT_FOUND } from '../../access';
import { pageQuery } from '../../../shared/schemas/common';
import {
  addPropertyTaskInput,
  invitePersonInput,
  listPropertiesQuery,
  propertyInput,
  updatePersonInput,
  updatePropertyTaskInput,
} from '../../../shared/schemas/properties';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import { PEOPLE_MESSAGES } from '../../../shared/schemas/properties';
import { signedIn } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import * as invitations from '../invitations/invitations.service';
import * as service from './properties.service';

export const propertiesRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => c.json(await service.listProperties(c.var.db, c.var.user, parseQuery(c, listPropertiesQuery))))
  .post('/', async (c) =>
    c.json(await service.createProperty(c.var.db, c.var.user, await parseBody(c, propertyInput)), 201),
  )
  .get('/:id', async (c) => c.json(await service.getProperty(c.var.db, c.var.user, propertyId(c))))
  .patch('/:id', async (c) => {
    const id = propertyId(c);
    return c.json(await service.updateProperty(c.var.db, c.var.user, id, await parseBody(c, propertyInput)));
  })
  .delete('/:id', async (c) => {
    await service.removeProperty(c.var.db, c.var.user, propertyId(c));
    return c.body(null, 204);
  })
  .get('/:id/visits', async (c) =>
    c.json(await service.listPropertyVisits(c.var.db, c.var.user, propertyId(c), parseQuery(c, pageQuery))),
  )
  .get('/:id/tasks', async (c) =>
    c.json(await service.listPropertyTasks(c.var.db, c.var.user, propertyId(c), parseQuery(c, pageQuery))),
  )
  .post('/:id/tasks', async (c) => {
    const id = propertyId(c);
    return c.json(
      await service.addPropertyTask(c.var.db, c.var.user, id, await parseBody(c, addPropertyTaskInput)),
      201,
    );
  })
  .patch('/:id/tasks/:propertyTaskId', async (c) => {
    const id = propertyId(c);
    const taskId = uuidParam(c, 'propertyTaskId', TASK_MESSAGES.notFound);
    const input = await parseBody(c, updatePropertyTaskInput);
    return c.json(await service.updatePropertyTask(c.var.db, c.var.user, id, taskId, input));
  })
  .delete('/:id/tasks/:propertyTaskId', async (c) => {
    const id = propertyId(c);
    await service.removePropertyTask(c.var.db, c.var.user, id, uuidParam(c, 'propertyTaskId', TASK_MESSAGES.notFound));
    return c.body(null, 204);
  })
  .get('/:id/people', async (c) =>
    c.json(await service.listPeople(c.var.db, c.var.user, propertyId(c), parseQuery(c, pageQuery))),
  )
  // Sharing only with consent (issue 15): an invitation, the same 202 whoever the address is.
  .post('/:id/people', async (c) => {
    const id = propertyId(c);
    await service.requireManager(c.var.db, c.var.user, id);
    const input = await parseBody(c, invitePersonInput);
    return c.json(await invitations.invite(c.var.db, c.var.user, id, input), 202);
  })
  .get('/:id/invitations', async (c) => {
    const id = propertyId(c);
    await service.requireManager(c.var.db, c.var.user, id);
    return c.json({ items: await invitations.listForProperty(c.var.db, id) });
  })
  .delete('/:id/invitations/:invitationId', async (c) => {
    const id = propertyId(c);
    const invitationId = uuidParam(c, 'invitationId', PEOPLE_MESSAGES.invitationNotFound);
    await service.requireManager(c.var.db, c.var.user, id);
    await invitations.cancel(c.var.db, id, invitationId);
    return c.body(null, 204);
  })
  .patch('/:id/people/:userId', async (c) => {
    const id = propertyId(c);
    const userId = uuidParam(c, 'userId', PEOPLE_MESSAGES.personNotFound);
    const { role } = await parseBody(c, updatePersonInput);
    return c.json(await service.updatePerson(c.var.db, c.var.user, id, userId, role));
  })
  .delete('/:id/people/:userId', async (c) => {
    const id = propertyId(c);
    await service.unlinkPerson(c.var.db, c.var.user, id, uuidParam(c, 'userId', PEOPLE_MESSAGES.personNotFound));
    return c.body(null, 204);
  });

const propertyId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', PROPERTY_NOT_FOUND);
