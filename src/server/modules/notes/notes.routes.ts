import { Hono, type Context } from 'hono';
import { createNoteInput, listNotesQuery, NOTE_MESSAGES, updateNoteInput } from '../../../shared/schemas/notes';
import { inWorkspace } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import * as service from './notes.service';

const noteId = (c: Context) => uuidParam(c, 'id', NOTE_MESSAGES.notFound);

export const notesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .get('/', async (c) => c.json(await service.listNotes(c.var.db, c.var.member, parseQuery(c, listNotesQuery))))
  .post('/', async (c) =>
    c.json(await service.createNote(c.var.db, c.var.member, await parseBody(c, createNoteInput)), 201),
  )
  .get('/:id', async (c) => c.json(await service.getNote(c.var.db, c.var.member, noteId(c))))
  .patch('/:id', async (c) => {
    const id = noteId(c);
    return c.json(await service.updateNote(c.var.db, c.var.member, id, await parseBody(c, updateNoteInput)));
  })
  .delete('/:id', async (c) => {
    await service.removeNote(c.var.db, c.var.member, noteId(c));
    return c.body(null, 204);
  });
