import { describe, expect, it } from 'vitest';
import { frameState } from './frame-state';

describe('frameState', () => {
  it('is offline at once when nothing is cached and the query waits for the network', () => {
    expect(frameState({ isPending: true, isError: false, fetchStatus: 'paused' })).toBe('offline');
  });

  it('is loading while a query with nothing cached runs', () => {
    expect(frameState({ isPending: true, isError: false, fetchStatus: 'fetching' })).toBe('loading');
  });

  it('shows cached data while offline', () => {
    expect(frameState({ isPending: false, isError: false, fetchStatus: 'paused' })).toBe('ready');
  });

  it('is an error when the query failed', () => {
    expect(frameState({ isPending: false, isError: true, fetchStatus: 'idle' })).toBe('error');
  });
});
