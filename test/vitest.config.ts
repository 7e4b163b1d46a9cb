import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          root,
          environment: 'jsdom',
          include: ['test/{app,features,ui,api,remote,shared}/**/*.test.{ts,tsx}'],
          // fake-indexeddb must load before localforage picks its driver.
          setupFiles: ['fake-indexeddb/auto', 'test/setup/client.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root,
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          setupFiles: ['test/setup/server.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
