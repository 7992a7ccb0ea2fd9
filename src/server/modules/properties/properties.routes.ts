import { Hono } from 'hono';
import { PROPERTY_NOT_FOUND } from '../../access/policy';
import { pageQuery } from '../../../shared/schemas/common';
import {
  addPropertyTaskInput,
  listPropertiesQuery,
  propertyInput,
  updatePropertyTaskInput,
} from '../../../shared/schemas/properties';
import { TASK_MESSAGES } from '../../../shared/schemas/tasks';
import { inWorkspace } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import * as service from './properties.service';

export const propertiesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) =>
    c.json(await service.listProperties(c.var.db, c.var.member, parseQuery(c, listPropertiesQuery))),
  )
  .post('/', async (c) =>
    c.json(await service.createProperty(c.var.db, c.var.member, await parseBody(c, propertyInput)), 201),
  )
  .get('/:id', async (c) => c.json(await service.getProperty(c.var.db, c.var.member, propertyId(c))))
  .patch('/:id', async (c) => {
    const id = propertyId(c);
    return c.json(await service.updateProperty(c.var.db, c.var.member, id, await parseBody(c, propertyInput)));
  })
  .post('/:id/client', async (c) =>
    c.json(await service.createClientFromProperty(c.var.db, c.var.member, propertyId(c)), 201),
  )
  .delete('/:id', async (c) => {
    await service.removeProperty(c.var.db, c.var.member, propertyId(c));
    return c.body(null, 204);
  })
  .get('/:id/visits', async (c) =>
    c.json(await service.listPropertyVisits(c.var.db, c.var.member, propertyId(c), parseQuery(c, pageQuery))),
  )
  .get('/:id/tasks', async (c) =>
    c.json(await service.listPropertyTasks(c.var.db, c.var.member, propertyId(c), parseQuery(c, pageQuery))),
  )
  .post('/:id/tasks', async (c) => {
    const id = propertyId(c);
    const input = await parseBody(c, addPropertyTaskInput);
    return c.json(await service.addPropertyTask(c.var.db, c.var.member, id, input), 201);
  })
  .patch('/:id/tasks/:propertyTaskId', async (c) => {
    const id = propertyId(c);
    const taskId = uuidParam(c, 'propertyTaskId', TASK_MESSAGES.notFound);
    const input = await parseBody(c, updatePropertyTaskInput);
    return c.json(await service.updatePropertyTask(c.var.db, c.var.member, id, taskId, input));
  })
  .delete('/:id/tasks/:propertyTaskId', async (c) => {
    const id = propertyId(c);
    const taskId = uuidParam(c, 'propertyTaskId', TASK_MESSAGES.notFound);
    await service.removePropertyTask(c.var.db, c.var.member, id, taskId);
    return c.body(null, 204);
  });

const propertyId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', PROPERTY_NOT_FOUND);
