import { Hono } from 'hono';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import {
  createSeriesInput,
  previewSeriesInput,
  seriesScopeQuery,
  updateSeriesInput,
} from '../../../shared/schemas/series';
import { inWorkspace } from '../../auth/session';
import { parseBody, parseQuery, uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { localityOf } from '../workspaces';
import { createSeries, getSeries, previewSeries, removeSeries, updateSeries } from './series.service';

const seriesId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', SERIES_MESSAGES.notFound);

/** `/api/visit-series` (issue 18). */
export const seriesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .post('/preview', async (c) => {
    const input = await parseBody(c, previewSeriesInput);
    const { locale } = await localityOf(c.var.db, c.var.member);
    return c.json(previewSeries(input, locale));
  })
  .post('/', async (c) =>
    c.json(await createSeries(c.var.db, c.var.member, await parseBody(c, createSeriesInput)), 201),
  )
  .get('/:id', async (c) => c.json(await getSeries(c.var.db, c.var.member, seriesId(c))))
  .patch('/:id', async (c) => {
    const id = seriesId(c);
    const { from } = parseQuery(c, seriesScopeQuery);
    return c.json(await updateSeries(c.var.db, c.var.member, id, from, await parseBody(c, updateSeriesInput)));
  })
  .delete('/:id', async (c) => {
    const id = seriesId(c);
    const { from } = parseQuery(c, seriesScopeQuery);
    await removeSeries(c.var.db, c.var.member, id, from);
    return c.body(null, 204);
  });
