import { defineConfig } from 'vitest/config';
import { messageChunks } from './apps/web/build/message-chunks';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // API tests share one database per file (an in-memory PGlite, ~300 MB, or a PostgreSQL database of their own):
          // two files at a time, one per core. The files that count limits in a shared Redis run only with
          // TEST_REDIS_URL, which .ci/run gives to a run of their own (their counters would otherwise meet).
          // One module graph per worker for all its files (the server's imports cost ~3 s a file): measured on this
          // machine, the server project takes 4 min 10 s instead of 7 min 28 s. Nothing in a test file may rely on a
          // fresh module: every test builds its own app, context and database (no vi.mock, no module-level state).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      // The web app's messages come from the build's language chunks (lib/i18n.ts), in its tests too.
      {
        plugins: [messageChunks()],
        test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'] },
      },
    ],
  },
});
