// Vitest for the bench's simulations that need the app's own modules (Vite transforms, jsdom, fake timers).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  root,
  test: {
    root,
    environment: 'jsdom',
    include: ['test/bench/**/*.sim.ts'],
    setupFiles: ['fake-indexeddb/auto'],
  },
});
