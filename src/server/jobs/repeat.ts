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

/**
 * `repeatEvery`, for a job that this process can also wake: it runs 25 ms after `onWake` calls
 * (after the waking request's transaction has committed) as well as every `intervalMs`. A tick or
 * a wake that comes during a run makes it run once more right after, and a run that answers `true`
 * (a full batch: more is waiting) runs again at once, so nothing woken waits for the next tick.
 */
export function repeatWhenWoken(
  intervalMs: number,
  name: string,
  job: () => Promise<boolean | void>,
  onWake: (listener: () => void) => () => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const work = async () => {
    try {
      do {
        again = false;
        if ((await job()) === true) again = true;
      } while (again && !stopped);
    } catch (error) {
      console.warn(`The ${name} failed: ${rootCause(error)}`);
    } finally {
      running = null;
    }
  };
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = work();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  let soon: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = onWake(() => {
    if (soon) return;
    soon = setTimeout(() => {
      soon = null;
      tick();
    }, 25);
    soon.unref();
  });
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (soon) clearTimeout(soon);
    unsubscribe();
    await running;
  };
}
