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
import { parseBody, parseQuery, parseWith, sendStored, uuidParam } from '../../http';
import { addFollowUp } from './visit-follow-up';
import { markOnMyWay } from './visit-on-my-way';
import { listVisitMessages } from '../notifications';
import { onMyWayInput } from '../../../shared/schemas/client-messages';
import { openSignature, receiveSignature, saveSignature } from './visit-evidence';
import { getVisitReport, sendVisitReport, visitReportPdf } from './visit-report';
import { visitReportFileName } from '../../../shared/schemas/visit-report';
import type { MemberEnv } from '../../types';
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

export const visitsRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await listVisits(c.var.db, c.var.member, parseQuery(c, listVisitsQuery))))
  .get('/upcoming', async (c) => {
    const { limit } = parseQuery(c, upcomingVisitsQuery);
    return c.json({ items: await listUpcomingVisits(c.var.db, c.var.member, limit) });
  })
  // Issue 17: the Today view's visits, with their tasks (before '/:id').
  .get('/mine', async (c) => c.json(await listMyVisits(c.var.db, c.var.member, parseQuery(c, myVisitsQuery))))
  .post('/', async (c) => c.json(await createVisit(c.var.db, c.var.member, await parseBody(c, createVisitInput)), 201))
  .get('/:id', async (c) => c.json(await getVisit(c.var.db, c.var.member, visitId(c))))
  .patch('/:id', async (c) =>
    c.json(await updateVisit(c.var.db, c.var.member, visitId(c), await parseBody(c, updateVisitInput))),
  )
  .delete('/:id', async (c) => {
    await removeVisit(c.var.db, c.var.member, visitId(c));
    return c.body(null, 204);
  })
  // ── visit tasks ──
  .get('/:id/task-options', async (c) =>
    c.json(await listTaskOptions(c.var.db, c.var.member, visitId(c), parseQuery(c, taskOptionsQuery))),
  )
  .post('/:id/tasks', async (c) =>
    c.json(await addVisitTask(c.var.db, c.var.member, visitId(c), await parseBody(c, addVisitTaskInput)), 201),
  )
  .patch('/:id/tasks/:taskId', async (c) => {
    const id = visitId(c);
    const taskId = uuidParam(c, 'taskId', VISIT_MESSAGES.taskNotFound);
    return c.json(await updateVisitTask(c.var.db, c.var.member, id, taskId, await parseBody(c, updateVisitTaskInput)));
  })
  .delete('/:id/tasks/:taskId', async (c) => {
    const id = visitId(c);
    await removeVisitTask(c.var.db, c.var.member, id, uuidParam(c, 'taskId', VISIT_MESSAGES.taskNotFound));
    return c.body(null, 204);
  })
  // ── issue 27: 'Add follow-up' on a failed finding ──
  .post('/:id/tasks/:taskId/follow-up', async (c) => {
    const [id, taskId] = [visitId(c), uuidParam(c, 'taskId', VISIT_MESSAGES.taskNotFound)];
    return c.json(await addFollowUp(c.var.db, c.var.member, id, taskId, await parseBody(c, followUpInput)), 201);
  })
  // ── issue 27: the customer's signature ──
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
  // ── issue 28: 'On my way', and the client's messages about the visit ──
  .post('/:id/on-my-way', async (c) => {
    const id = visitId(c);
    return c.json(await markOnMyWay(c.var.db, c.var.member, id, await parseBody(c, onMyWayInput)));
  })
  .get('/:id/messages', async (c) => c.json({ items: await listVisitMessages(c.var.db, c.var.member, visitId(c)) }))
  // ── issue 27: the visit report ──
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
  .get('/:id/candidates', async (c) =>
    c.json(await listVisitCandidates(c.var.db, c.var.member, visitId(c), parseQuery(c, pageQuery))),
  )
  .post('/:id/users', async (c) =>
    c.json(await addVisitUser(c.var.db, c.var.member, visitId(c), await parseBody(c, addVisitUserInput)), 201),
  )
  .delete('/:id/users/:userId', async (c) => {
    const id = visitId(c);
    await removeVisitUser(c.var.db, c.var.member, id, uuidParam(c, 'userId', VISIT_MESSAGES.personNotFound));
    return c.body(null, 204);
  });
