import { rootCause } from '../log';

/**
 * Runs `job` now and then every `intervalMs`, for the server's background jobs (series horizon,
 * reminders, database upkeep). A failed run is logged as "The <name> failed: …" and the next run
 * goes ahead; the timer does not keep the process alive; a run never overlaps the one before.
 * Returns a function that stops it and resolves once a run under way has finished, so the
 * database can be closed after it (graceful shutdown).
 */
export function repeatEvery(intervalMs: number, name: string, job: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = job()
      .then(() => undefined)
      .catch((error: unknown) =>
        // rootCause: a failed query's message holds its parameters (log.ts).
        console.warn(`The ${name} failed: ${rootCause(error)}`),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
