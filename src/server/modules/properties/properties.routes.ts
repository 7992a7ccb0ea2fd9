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
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import * as service from './properties.service';

/** The property's id, checked before a body or query is read (404 before 400). */
const propertyIdParam = uuidParams({ id: PROPERTY_NOT_FOUND });

export const propertiesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listPropertiesQuery), async (c) =>
    c.json(await service.listProperties(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(propertyInput), async (c) =>
    c.json(await service.createProperty(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await service.getProperty(c.var.db, c.var.member, propertyId(c))))
  .patch('/:id', propertyIdParam, jsonBody(propertyInput), async (c) =>
    c.json(await service.updateProperty(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .post('/:id/client', async (c) =>
    c.json(await service.createClientFromProperty(c.var.db, c.var.member, propertyId(c)), 201),
  )
  .delete('/:id', async (c) => {
    await service.removeProperty(c.var.db, c.var.member, propertyId(c));
    return c.body(null, 204);
  })
  .get('/:id/visits', propertyIdParam, queryOf(pageQuery), async (c) =>
    c.json(await service.listPropertyVisits(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  )
  .get('/:id/tasks', propertyIdParam, queryOf(pageQuery), async (c) =>
    c.json(await service.listPropertyTasks(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/tasks', propertyIdParam, jsonBody(addPropertyTaskInput), async (c) =>
    c.json(await service.addPropertyTask(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .patch(
    '/:id/tasks/:propertyTaskId',
    uuidParams({ id: PROPERTY_NOT_FOUND, propertyTaskId: TASK_MESSAGES.notFound }),
    jsonBody(updatePropertyTaskInput),
    async (c) => {
      const { id, propertyTaskId } = c.req.valid('param');
      return c.json(await service.updatePropertyTask(c.var.db, c.var.member, id, propertyTaskId, c.req.valid('json')));
    },
  )
  .delete('/:id/tasks/:propertyTaskId', async (c) => {
    const id = propertyId(c);
    const taskId = uuidParam(c, 'propertyTaskId', TASK_MESSAGES.notFound);
    await service.removePropertyTask(c.var.db, c.var.member, id, taskId);
    return c.body(null, 204);
  });

const propertyId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', PROPERTY_NOT_FOUND);
