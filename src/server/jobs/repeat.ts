import { rootCause } from '../log';

/**
 * Runs `job` now and then every `intervalMs`, for the server's background jobs (series horizon,
 * reminders, database upkeep). A failed run is logged as "The <name> failed: …" and the next run
 * goes ahead; the timer does not keep the process alive. Returns a function that stops it.
 */
export function repeatEvery(intervalMs: number, name: string, job: () => Promise<unknown>): () => void {
  const run = () =>
    job().catch((error: unknown) =>
      // rootCause: a failed query's message holds its parameters (log.ts).
      console.warn(`The ${name} failed: ${rootCause(error)}`),
    );
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
