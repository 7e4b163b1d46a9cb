// The client tests' page (test/setup/happyDom.ts) behaves as the tests assume a browser's page does.
import { describe, expect, it } from 'vitest';
import { watchPopupTriggers } from '../../src/client-core/popupTriggers.ts';

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

  it('notes the listeners the app adds to <html>, which stays from file to file, so the file\'s end removes them', () => {
    // test/setup/clientFile.ts keeps what the app started under this symbol.
    const started = (globalThis as { [key: symbol]: unknown })[Symbol.for('essay-studio.test.started')] as { listeners: Array<[EventTarget, string]> };
    const stop = watchPopupTriggers({ timer: false, exitIntent: true }, () => undefined);
    expect(started.listeners.some(([target, type]) => target === document.documentElement && type === 'mouseleave')).toBe(true);
    stop();
  });
});
