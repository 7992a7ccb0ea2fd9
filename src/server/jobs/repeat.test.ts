import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat';

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
