import { Hono, type Context } from 'hono';
import {
  inviteMemberInput,
  setUpWorkspaceInput,
  updateMemberInput,
  updateWorkspaceInput,
  WORKSPACE_MESSAGES,
} from '../../../shared/schemas/workspaces';
import { inPathWorkspace, requireUser } from '../../auth/session';
import { parseBody, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import * as invitations from './invitations.service';
import * as members from './members.service';
import * as service from './workspaces.service';

/** `/api/workspaces/{id}`: a business's settings, its team and its invitations (issue 24; fixed shapes). */
export const workspacesRoutes = new Hono<MemberEnv>()
  .post('/', async (c) => {
    const actor = requireUser(c.var.actor);
    return c.json(await service.createWorkspace(c.var.db, actor, await parseBody(c, setUpWorkspaceInput)), 201);
  })
  .use('/:id/*', inPathWorkspace)
  .use('/:id', inPathWorkspace)
  .get('/:id', async (c) => c.json(await service.getWorkspace(c.var.db, c.var.member)))
  .patch('/:id', async (c) =>
    c.json(await service.updateWorkspace(c.var.db, c.var.member, await parseBody(c, updateWorkspaceInput))),
  )
  .delete('/:id', async (c) => {
    await service.deleteWorkspace(c.var.db, c.var.storage, c.var.member);
    return c.body(null, 204);
  })
  .get('/:id/members', async (c) => c.json(await members.listMembers(c.var.db, c.var.member)))
  .patch('/:id/members/:userId', async (c) => {
    const userId = memberId(c);
    const { role } = await parseBody(c, updateMemberInput);
    return c.json(await members.changeMemberRole(c.var.db, c.var.member, userId, role));
  })
  .delete('/:id/members/:userId', async (c) => {
    await members.removeMember(c.var.db, c.var.member, memberId(c));
    return c.body(null, 204);
  })
  .post('/:id/invitations', async (c) => {
    const input = await parseBody(c, inviteMemberInput);
    return c.json(await invitations.invite(c.var, c.var.member, input), 202);
  })
  .get('/:id/invitations', async (c) => c.json(await invitations.listInvitations(c.var.db, c.var.member)))
  .delete('/:id/invitations/:invitationId', async (c) => {
    const invitationId = uuidParam(c, 'invitationId', WORKSPACE_MESSAGES.invitationNotFound);
    await invitations.cancelInvitation(c.var.db, c.var.member, invitationId);
    return c.body(null, 204);
  });

const memberId = (c: Context) => uuidParam(c, 'userId', WORKSPACE_MESSAGES.memberNotFound);
