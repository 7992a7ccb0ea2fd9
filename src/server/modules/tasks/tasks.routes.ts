import { Hono } from 'hono';
import { assignTaskInput, listTasksQuery, TASK_MESSAGES, taskInput } from '../../../shared/schemas/tasks';
import { inWorkspace } from '../../auth/session';
import { pageQuery } from '../../../shared/schemas/common';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import * as service from './tasks.service';

/** The task's id, checked before a body or query is read (404 before 400). */
const taskIdParam = uuidParams({ id: TASK_MESSAGES.notFound });

export const tasksRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listTasksQuery), async (c) =>
    c.json(await service.listTasks(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(taskInput), async (c) =>
    c.json(await service.createTask(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  // Time on site per template (before '/:id').
  .get('/time-report', queryOf(pageQuery), async (c) =>
    c.json(await service.timeReport(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .get('/:id', async (c) => c.json(await service.getTask(c.var.db, c.var.member, taskId(c))))
  .patch('/:id', taskIdParam, jsonBody(taskInput), async (c) =>
    c.json(await service.updateTask(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removeTask(c.var.db, c.var.member, taskId(c));
    return c.body(null, 204);
  })
  .get('/:id/properties', taskIdParam, queryOf(listTasksQuery), async (c) =>
    c.json(await service.listTaskAssignments(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/assign', taskIdParam, jsonBody(assignTaskInput), async (c) =>
    c.json(await service.assignTask(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  );

const taskId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', TASK_MESSAGES.notFound);
