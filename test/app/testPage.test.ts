// The client tests' page (test/setup/happyDom.ts) behaves as the tests assume a browser's page does.
import { describe, expect, it } from 'vitest';

describe('the client tests’ page', () => {
  it('refuses a request to its own origin that no test faked, instead of sending it', async () => {
    await expect(fetch('/api/never-faked')).rejects.toThrow(new TypeError('Failed to fetch http://localhost:3000/api/never-faked: no test faked it, and tests stay off the network'));
  });

  it('lays out text-level elements inline, so accessible names join their text without spaces', () => {
    document.body.innerHTML = '<h2>Step 1 of 5<span>:</span> Basic Information</h2>';
    const span = document.querySelector('span');
    expect(span && getComputedStyle(span).display).toBe('inline');
    expect(document.querySelector('h2')).toHaveAccessibleName('Step 1 of 5: Basic Information');
  });
});
