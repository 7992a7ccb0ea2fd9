import { Hono, type Context } from 'hono';
import { createNoteInput, listNotesQuery, NOTE_MESSAGES, updateNoteInput } from '../../../shared/schemas/notes';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import * as service from './notes.service';

const noteId = (c: Context) => uuidParam(c, 'id', NOTE_MESSAGES.notFound);

export const notesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', queryOf(listNotesQuery), async (c) =>
    c.json(await service.listNotes(c.var.db, c.var.member, c.req.valid('query'))),
  )
  .post('/', jsonBody(createNoteInput), async (c) =>
    c.json(await service.createNote(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await service.getNote(c.var.db, c.var.member, noteId(c))))
  .patch('/:id', uuidParams({ id: NOTE_MESSAGES.notFound }), jsonBody(updateNoteInput), async (c) =>
    c.json(await service.updateNote(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await service.removeNote(c.var.db, c.var.member, noteId(c));
    return c.body(null, 204);
  });
