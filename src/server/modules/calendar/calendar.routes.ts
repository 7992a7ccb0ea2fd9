import { Hono } from 'hono';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import { inWorkspace } from '../../auth/session';
import { AppError } from '../../errors';
import type { MemberEnv } from '../../types';
import { getFeed, regenerateFeed, renderFeed } from './calendar.service';

/**
 * `/api/calendar`. The feed itself (`/feed/{token}.ics`) needs no cookie: calendar
 * apps fetch it on their own; its secret token is the key.
 */
export const calendarRoutes = new Hono<MemberEnv>()
  .get('/feed', inWorkspace, async (c) => c.json(await getFeed(c.var.db, c.var.config, c.var.member)))
  .post('/feed/regenerate', inWorkspace, async (c) =>
    c.json(await regenerateFeed(c.var.db, c.var.config, c.var.member)),
  )
  .get('/feed/:file', async (c) => {
    const token = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(c.req.param('file'))?.[1];
    if (!token) throw new AppError('NOT_FOUND', SERIES_MESSAGES.feedNotFound);
    const body = await renderFeed(c.var.db, c.var.config, token);
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="rounds.ics"',
      'Cache-Control': 'private, no-store',
    });
  });
