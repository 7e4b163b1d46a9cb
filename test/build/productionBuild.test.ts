import { describe, expect, it } from 'vitest';
import { buildEnvironment } from './productionBuild.ts';

describe('the default production build', () => {
  it('is built for production without a Firebase project, whatever environment the caller runs in', () => {
    // What a test asking for the build runs under: Vitest's NODE_ENV and a developer's Firebase project.
    const env = buildEnvironment({ NODE_ENV: 'test', VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: 'demo', PATH: '/bin' });
    expect(env).toEqual({ NODE_ENV: 'production', VITE_FIREBASE_API_KEY: '', VITE_FIREBASE_PROJECT_ID: '', PATH: '/bin' });
  });
});
