import { Hono } from 'hono';
import { assignTaskInput, listTasksQuery, TASK_MESSAGES, taskInput } from '../../../shared/schemas/tasks';
import { inWorkspace } from '../../auth/session';
import { pageQuery } from '../../../shared/schemas/common';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import * as service from './tasks.service';

export const tasksRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await service.listTasks(c.var.db, c.var.member, parseQuery(c, listTasksQuery))))
  .post('/', async (c) => c.json(await service.createTask(c.var.db, c.var.member, await parseBody(c, taskInput)), 201))
  // Issue 27: time on site per template (before '/:id').
  .get('/time-report', async (c) => c.json(await service.timeReport(c.var.db, c.var.member, parseQuery(c, pageQuery))))
  .get('/:id', async (c) => c.json(await service.getTask(c.var.db, c.var.member, taskId(c))))
  .patch('/:id', async (c) => {
    const id = taskId(c);
    return c.json(await service.updateTask(c.var.db, c.var.member, id, await parseBody(c, taskInput)));
  })
  .delete('/:id', async (c) => {
    await service.removeTask(c.var.db, c.var.member, taskId(c));
    return c.body(null, 204);
  })
  .get('/:id/properties', async (c) =>
    c.json(await service.listTaskAssignments(c.var.db, c.var.member, taskId(c), parseQuery(c, listTasksQuery))),
  )
  .post('/:id/assign', async (c) => {
    const id = taskId(c);
    return c.json(await service.assignTask(c.var.db, c.var.member, id, await parseBody(c, assignTaskInput)));
  });

const taskId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', TASK_MESSAGES.notFound);
