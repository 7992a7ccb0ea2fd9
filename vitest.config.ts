import { defineConfig } from 'vitest/config';

/** Test files that run with the process in another time zone than the rest (see the second project). */
const HOST_ZONE_TESTS = ['tests/api/series-dst.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/fail-on-console-error.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: [
            'src/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/build/**/*.test.ts',
            'tests/e2e/support/**/*.test.ts',
          ],
          exclude: HOST_ZONE_TESTS,
        },
      },
      {
        // Series keep their zone's wall-clock time whatever the server's zone is; these
        // files run in a process whose TZ is far from both UTC and the series' zones.
        extends: true,
        test: { name: 'host-zone', include: HOST_ZONE_TESTS, env: { TZ: 'Asia/Tokyo' } },
      },
    ],
  },
});
