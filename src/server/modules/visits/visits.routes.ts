import { Hono } from 'hono';
import { pageQuery } from '../../../shared/schemas/common';
import {
  addVisitTaskInput,
  addVisitUserInput,
  createVisitInput,
  listVisitsQuery,
  myVisitsQuery,
  taskOptionsQuery,
  upcomingVisitsQuery,
  updateVisitInput,
  updateVisitTaskInput,
  followUpInput,
  signatureFields,
  VISIT_MESSAGES,
} from '../../../shared/schemas/visits';
import { inWorkspace } from '../../auth/session';
import { parseWith, sendStored, uuidParam } from '../../http';
import { addFollowUp } from './visit-follow-up';
import { markOnMyWay } from './visit-on-my-way';
import { listVisitMessages } from '../notifications';
import { onMyWayInput } from '../../../shared/schemas/client-messages';
import { openSignature, receiveSignature, saveSignature } from './visit-evidence';
import { getVisitReport, sendVisitReport, visitReportPdf } from './visit-report';
import { visitReportFileName } from '../../../shared/schemas/visit-report';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import { addVisitUser, listVisitCandidates, removeVisitUser } from './visit-people.service';
import { addVisitTask, listTaskOptions, removeVisitTask, updateVisitTask } from './visit-tasks.service';
import {
  createVisit,
  getVisit,
  listMyVisits,
  listUpcomingVisits,
  listVisits,
  removeVisit,
  updateVisit,
} from './visits.service';

const visitId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', VISIT_MESSAGES.notFound);
const visitTaskId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'taskId', VISIT_MESSAGES.taskNotFound);

/** The visit's id (and its task's), checked before a body or query is read (404 before 400). */
const visitIdParam = uuidParams({ id: VISIT_MESSAGES.notFound });
const visitTaskIdParams = uuidParams({ id: VISIT_MESSAGES.notFound, taskId: VISIT_MESSAGES.taskNotFound });

export const visitsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listVisitsQuery), async (c) =>
    c.json(await listVisits(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .get('/upcoming', queryOf(upcomingVisitsQuery), async (c) =>
    c.json({ items: await listUpcomingVisits(c.var.db, c.var.member, c.req.valid('query').limit) }),
  )
  // The Today view's visits, with their tasks (before '/:id').
  .get('/mine', queryOf(myVisitsQuery), async (c) =>
    c.json(await listMyVisits(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(createVisitInput), async (c) =>
    c.json(await createVisit(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await getVisit(c.var.db, c.var.member, visitId(c))))
  .patch('/:id', visitIdParam, jsonBody(updateVisitInput), async (c) =>
    c.json(await updateVisit(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await removeVisit(c.var.db, c.var.member, visitId(c));
    return c.body(null, 204);
  })
  // ── visit tasks ──
  .get('/:id/task-options', visitIdParam, queryOf(taskOptionsQuery), async (c) =>
    c.json(await listTaskOptions(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/tasks', visitIdParam, jsonBody(addVisitTaskInput), async (c) =>
    c.json(await addVisitTask(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .patch('/:id/tasks/:taskId', visitTaskIdParams, jsonBody(updateVisitTaskInput), async (c) =>
    c.json(
      await updateVisitTask(
        c.var.db,
        c.var.member,
        c.req.valid('param').id,
        c.req.valid('param').taskId,
        c.req.valid('json'),
      ),
    ),
  )
  .delete('/:id/tasks/:taskId', async (c) => {
    const id = visitId(c);
    await removeVisitTask(c.var.db, c.var.member, id, visitTaskId(c));
    return c.body(null, 204);
  })
  // ── 'Add follow-up' on a failed finding ──
  .post('/:id/tasks/:taskId/follow-up', visitTaskIdParams, jsonBody(followUpInput), async (c) =>
    c.json(
      await addFollowUp(
        c.var.db,
        c.var.member,
        c.req.valid('param').id,
        c.req.valid('param').taskId,
        c.req.valid('json'),
      ),
      201,
    ),
  )
  // ── the customer's signature: an upload, a multipart stream read by busboy as it arrives, its
  // text fields checked here (jsonBody would read the whole body into memory first) ──
  .post('/:id/signature', async (c) => {
    const id = visitId(c);
    const upload = await receiveSignature(c.req.raw, c.var.config);
    try {
      const fields = parseWith(signatureFields, upload.fields);
      await saveSignature(c.var.db, c.var.storage, c.var.member, id, fields, upload.file);
    } finally {
      await upload.cleanUp();
    }
    return c.json(await getVisit(c.var.db, c.var.member, id), 201);
  })
  .get('/:id/signature', async (c) => {
    const { key, stored } = await openSignature(c.var.db, c.var.storage, c.var.member, visitId(c));
    return sendStored(c, stored, {
      'Cache-Control': 'private, max-age=3600',
      ETag: `"${key}"`,
      'Content-Type': 'image/png',
    });
  })
  // ── 'On my way', and the client's messages about the visit ──
  .post('/:id/on-my-way', visitIdParam, jsonBody(onMyWayInput), async (c) =>
    c.json(await markOnMyWay(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .get('/:id/messages', async (c) => c.json({ items: await listVisitMessages(c.var.db, c.var.member, visitId(c)) }))
  // ── the visit report ──
  .get('/:id/report', async (c) => c.json(await getVisitReport(c.var.db, c.var.member, visitId(c))))
  .get('/:id/report.pdf', async (c) => {
    const { report, pdf } = await visitReportPdf(c.var.db, c.var.storage, c.var.member, visitId(c));
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${visitReportFileName(report)}"`,
      'Cache-Control': 'private, no-store',
    });
  })
  .post('/:id/report/send', async (c) => {
    const id = visitId(c);
    await sendVisitReport(c.var, c.var.member, id);
    return c.json(await getVisit(c.var.db, c.var.member, id));
  })
  // ── people ──
  .get('/:id/candidates', visitIdParam, queryOf(pageQuery), async (c) =>
    c.json(await listVisitCandidates(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query'))),
  )
  .post('/:id/users', visitIdParam, jsonBody(addVisitUserInput), async (c) =>
    c.json(await addVisitUser(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json')), 201),
  )
  .delete('/:id/users/:userId', async (c) => {
    const id = visitId(c);
    await removeVisitUser(c.var.db, c.var.member, id, uuidParam(c, 'userId', VISIT_MESSAGES.personNotFound));
    return c.body(null, 204);
  });
