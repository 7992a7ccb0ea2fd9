import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';

// STYLE.md rule 10: a console.error during a test fails it.
let spy: MockInstance<typeof console.error>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
