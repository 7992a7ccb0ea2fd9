import { Hono } from 'hono';
import { attachableType, ATTACHABLE_NOT_FOUND } from '../../../shared/schemas/attachables';
import { inWorkspace } from '../../auth/session';
import { notFound } from '../../errors';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { getAttachable } from './attachables.service';

/** `GET /api/attachables/:type/:id`: the name of a record a photo or note hangs on (spec §7). */
export const attachablesRoutes = new Hono<MemberEnv>().use(inWorkspace).get('/:type/:id', async (c) => {
  const type = attachableType.safeParse(c.req.param('type'));
  if (!type.success) throw notFound('No such type of record');
  const id = uuidParam(c, 'id', ATTACHABLE_NOT_FOUND[type.data]);
  return c.json(await getAttachable(c.var.db, c.var.member, type.data, id));
});
