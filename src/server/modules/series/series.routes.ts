import { Hono } from 'hono';
import { SERIES_MESSAGES } from '../../../shared/messages/series';
import {
  createSeriesInput,
  previewSeriesInput,
  seriesScopeQuery,
  updateSeriesInput,
} from '../../../shared/schemas/series';
import { inWorkspace } from '../../auth/session';
import { uuidParam } from '../../http';
import type { MemberEnv } from '../../types';
import { jsonBody, queryOf, uuidParams } from '../../validate';
import { localityOf } from '../workspaces';
import { createSeries, getSeries, previewSeries, removeSeries, updateSeries } from './series.service';

const seriesId = (c: Parameters<typeof uuidParam>[0]) => uuidParam(c, 'id', SERIES_MESSAGES.notFound);

/** The series' id, checked before the query or body is read (404 before 400). */
const seriesIdParam = uuidParams({ id: SERIES_MESSAGES.notFound });

/** `/api/visit-series`. */
export const seriesRoutes = new Hono<MemberEnv>()
  .use(inWorkspace)
  .post('/preview', jsonBody(previewSeriesInput), async (c) => {
    const { locale } = await localityOf(c.var.db, c.var.member);
    return c.json(previewSeries(c.req.valid('json'), locale));
  })
  .post('/', jsonBody(createSeriesInput), async (c) =>
    c.json(await createSeries(c.var.db, c.var.member, c.req.valid('json')), 201),
  )
  .get('/:id', async (c) => c.json(await getSeries(c.var.db, c.var.member, seriesId(c))))
  // The scope (`?from=`) is read before the body, as it always was.
  .patch('/:id', seriesIdParam, queryOf(seriesScopeQuery), jsonBody(updateSeriesInput), async (c) => {
    const { from } = c.req.valid('query');
    return c.json(await updateSeries(c.var.db, c.var.member, c.req.valid('param').id, from, c.req.valid('json')));
  })
  .delete('/:id', seriesIdParam, queryOf(seriesScopeQuery), async (c) => {
    await removeSeries(c.var.db, c.var.member, c.req.valid('param').id, c.req.valid('query').from);
    return c.body(null, 204);
  });
