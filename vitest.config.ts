import { defineConfig } from 'vitest/config';
import { messageChunks } from './apps/web/build/message-chunks';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // API tests share one database per file; files run one at a time to keep PGlite memory bounded.
          fileParallelism: false,
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
