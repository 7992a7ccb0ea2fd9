import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { repeatEvery } from './repeat';
import { properties, visitSeries } from '../db/schema';
import { horizonFrom, lockSeries, makeOccurrences } from '../modules/series';

// The daily job that keeps every series' occurrences made up to now + 90 days.
// Safe with several server copies: one transaction holding the series advisory lock (the one
// edits hold too), and the unique (series_id, occurrence_at) index with ON CONFLICT DO NOTHING
// as the last word, so two runs at once make each occurrence once.

export const HORIZON_JOB_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Makes the missing occurrences of every series up to `now` + 90 days; returns how many visits it made. */
export async function extendSeriesHorizon(db: Database, now = new Date()): Promise<number> {
  const horizon = horizonFrom(now);
  return db.transaction(async (tx) => {
    await lockSeries(tx);
    const due = await tx
      .select({ series: visitSeries })
      .from(visitSeries)
      .innerJoin(properties, eq(properties.id, visitSeries.propertyId))
      .where(
        and(
          isNull(properties.deletedAt),
          or(isNull(visitSeries.generatedUntil), lt(visitSeries.generatedUntil, horizon)),
        ),
      );
    let made = 0;
    for (const { series } of due) {
      try {
        made += await makeOccurrences(tx, series, series.generatedUntil ?? series.startsAt, horizon);
      } catch (error) {
        // A rule the engine cannot expand (stored before a check existed) must not stop every other series.
        if (!(error instanceof AppError)) throw error;
        console.warn(`Series ${series.id}: ${error.message}; its occurrences were not extended`);
        continue;
      }
      await tx.update(visitSeries).set({ generatedUntil: horizon }).where(eq(visitSeries.id, series.id));
    }
    return made;
  });
}

/** Runs the job now and then daily; the timer does not keep the process alive. Returns a stop function. */
export function startSeriesHorizonJob(db: Database, intervalMs = HORIZON_JOB_INTERVAL_MS): () => Promise<void> {
  return repeatEvery(intervalMs, 'series horizon job', () => extendSeriesHorizon(db));
}
