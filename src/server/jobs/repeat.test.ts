import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery, repeatWhenWoken } from './repeat';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('repeatEvery', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs at once and on every tick; a failed run is logged by its root cause and the next goes ahead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let runs = 0;
    const stop = repeatEvery(10, 'probe job', async () => {
      runs += 1;
      if (runs === 1) throw new Error('the outer error', { cause: new Error('connection refused') });
    });
    expect(runs).toBe(1);
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3));
    stop();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('The probe job failed: connection refused');
  });

  it('does not keep the process alive, and stops with the function it returns', async () => {
    // getActiveResourcesInfo lists what keeps the event loop alive: an unref'd timer is not there.
    const keepingAlive = () =>
      (process as unknown as { getActiveResourcesInfo(): string[] })
        .getActiveResourcesInfo()
        .filter((kind) => kind === 'Timeout').length;
    const before = keepingAlive();
    let runs = 0;
    const stop = repeatEvery(10, 'probe job', async () => {
      runs += 1;
    });
    expect(keepingAlive()).toBe(before);
    stop();
    await sleep(50);
    expect(runs).toBe(1);
  });
});

describe('repeatWhenWoken', () => {
  it('runs soon after a wake, again at once while a run says more is waiting, and stops listening when stopped', async () => {
    const listeners = new Set<() => void>();
    const onWake = (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    };
    let runs = 0;
    let waiting = 0;
    const stop = repeatWhenWoken(
      60_000,
      'probe job',
      async () => {
        runs += 1;
        if (waiting > 0) waiting -= 1;
        return waiting > 0;
      },
      onWake,
    );
    await vi.waitFor(() => expect(runs).toBe(1));
    // Three batches wait: one wake runs until the job says none is left.
    waiting = 3;
    for (const listener of listeners) listener();
    await vi.waitFor(() => expect(runs).toBe(4));
    await sleep(50);
    expect(runs).toBe(4);
    await stop();
    expect(listeners.size).toBe(0);
  });
});
