import { Hono, type Context } from 'hono';
import {
  inviteMemberInput,
  setUpWorkspaceInput,
  updateMemberInput,
  updateWorkspaceInput,
  WORKSPACE_MESSAGES,
} from '../../../shared/schemas/workspaces';
import { inPathWorkspace, signedIn } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, uuidParams } from '../../validate';
import * as invitations from './invitations.service';
import * as members from './members.service';
import * as service from './workspaces.service';

/** `/api/workspaces/{id}`: a business's settings, its team and its invitations (fixed shapes). */
export const workspacesRoutes = new Hono<MemberEnv>()
  // Signed in (401) before the body is read (400).
  .post('/', signedIn, jsonBody(setUpWorkspaceInput), async (c) =>
    c.json(await service.createWorkspace(c.var.db, c.var.user, c.req.valid('json')), 201),
  )
  .use('/:id/*', inPathWorkspace)
  .use('/:id', inPathWorkspace)
  .get('/:id', async (c) => c.json(await service.getWorkspace(c.var.db, c.var.member)))
  .patch('/:id', jsonBody(updateWorkspaceInput), async (c) =>
    c.json(await service.updateWorkspace(c.var.db, c.var.member, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.deleteWorkspace(c.var.db, c.var.storage, c.var.member);
    return c.body(null, 204);
  })
  .get('/:id/members', async (c) => c.json(await members.listMembers(c.var.db, c.var.member)))
  .patch(
    '/:id/members/:userId',
    uuidParams({ userId: WORKSPACE_MESSAGES.memberNotFound }),
    jsonBody(updateMemberInput),
    async (c) =>
      c.json(
        await members.changeMemberRole(c.var.db, c.var.member, c.req.valid('param').userId, c.req.valid('json').role),
      ),
  )
  .delete('/:id/members/:userId', async (c) => {
    await members.removeMember(c.var.db, c.var.member, memberId(c));
    return c.body(null, 204);
  })
  .post('/:id/invitations', jsonBody(inviteMemberInput), async (c) =>
    c.json(await invitations.invite(c.var, c.var.member, c.req.valid('json')), 202),
  )
  .get('/:id/invitations', async (c) => c.json(await invitations.listInvitations(c.var.db, c.var.member)))
  .delete('/:id/invitations/:invitationId', async (c) => {
    const invitationId = uuidParam(c, 'invitationId', WORKSPACE_MESSAGES.invitationNotFound);
    await invitations.cancelInvitation(c.var.db, c.var.member, invitationId);
    return c.body(null, 204);
  });

const memberId = (c: Context) => uuidParam(c, 'userId', WORKSPACE_MESSAGES.memberNotFound);
