import { Hono } from 'hono';
import { pageQuery } from '../../../shared/schemas/common';
import { PROFILE_MESSAGES, secondaryProfileInput, secondaryProfilesQuery } from '../../../shared/schemas/profiles';
import { signedIn } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import {
  createSecondaryProfile,
  getSecondaryProfile,
  listSecondaryProfiles,
  removeSecondaryProfile,
  updateSecondaryProfile,
} from './secondary-profiles.service';

const idOf = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', PROFILE_MESSAGES.secondaryNotFound);

export const secondaryProfilesRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', async (c) => {
    const query = parseQuery(c, pageQuery.extend(secondaryProfilesQuery.shape));
    return c.json(await listSecondaryProfiles(c.var.db, c.var.user, query));
  })
  .post('/', async (c) => {
    const input = await parseBody(c, secondaryProfileInput);
    return c.json(await createSecondaryProfile(c.var.db, c.var.user, input), 201);
  })
  .get('/:id', async (c) => c.json(await getSecondaryProfile(c.var.db, c.var.user, idOf(c))))
  .patch('/:id', async (c) => {
    const id = idOf(c);
    const input = await parseBody(c, secondaryProfileInput);
    return c.json(await updateSecondaryProfile(c.var.db, c.var.user, id, input));
  })
  .delete('/:id', async (c) => {
    await removeSecondaryProfile(c.var.db, c.var.user, idOf(c));
    return c.body(null, 204);
  });
