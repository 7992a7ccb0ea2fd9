import { Hono } from 'hono';
import { optimizeRoutesInput } from '../../../shared/schemas/routes';
import { inWorkspace } from '../../auth/session';
import { openTravelTimes } from '../../travel/travel-times';
import type { MemberEnv } from '../../types';
import { jsonBody } from '../../validate';
import { optimizeRoutes } from './routes.service';

export const routesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .post('/optimize', jsonBody(optimizeRoutesInput), async (c) =>
    c.json(await optimizeRoutes(c.var.db, c.var.member, c.req.valid('json'), openTravelTimes(c.var.config))),
  );
