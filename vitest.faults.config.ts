import { defineConfig } from 'vitest/config';

/** The database-fault suite: stops and starts the PostgreSQL server, so .ci/run runs it alone, last. */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
