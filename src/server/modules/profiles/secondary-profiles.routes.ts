import { Hono } from 'hono';
import { pageQuery } from '../../../shared/schemas/common';
import { PROFILE_MESSAGES, secondaryProfileInput, secondaryProfilesQuery } from '../../../shared/schemas/profiles';
import { signedIn } from '../../auth/session';
import { uuidParam } from '../../http';
import type { UserEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import {
  createSecondaryProfile,
  getSecondaryProfile,
  listSecondaryProfiles,
  removeSecondaryProfile,
  updateSecondaryProfile,
} from './secondary-profiles.service';

const idOf = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', PROFILE_MESSAGES.secondaryNotFound);

const listQuery = pageQuery.extend(secondaryProfilesQuery.shape);

export const secondaryProfilesRoutes = new Hono<UserEnv>()
  .use(signedIn)
  .get('/', queryOf(listQuery), async (c) =>
    c.json(await listSecondaryProfiles(c.var.db, c.var.user, c.req.valid('query'))),
  )
  .post('/', jsonBody(secondaryProfileInput), async (c) =>
    c.json(await createSecondaryProfile(c.var.db, c.var.user, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await getSecondaryProfile(c.var.db, c.var.user, idOf(c))))
  .patch('/:id', uuidParams({ id: PROFILE_MESSAGES.secondaryNotFound }), jsonBody(secondaryProfileInput), async (c) =>
    c.json(await updateSecondaryProfile(c.var.db, c.var.user, c.req.valid('param').id, c.req.valid('json'))),
  )
  .delete('/:id', async (c) => {
    await removeSecondaryProfile(c.var.db, c.var.user, idOf(c));
    return c.body(null, 204);
  });
