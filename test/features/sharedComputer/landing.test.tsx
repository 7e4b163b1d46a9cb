// The landing page's "This is a shared computer" box, in the pre-rendered page made live without React: it shows
// this tab's answer, and ticking it moves the device copy into the tab and erases the browser's other storage.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { isSharedComputer } from '../../../src/client-core/sharedComputer.ts';
import { buildTimeEnv, landingConfigFrom } from '../../../src/features/landing/landingConfig.ts';
import { LandingPage } from '../../../src/features/landing/LandingPage.tsx';
import { activateSharedComputer } from '../../../src/features/sharedComputer/landing.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const prerendered = (): HTMLElement => {
  const root = document.createElement('div');
  root.innerHTML = renderToString(createElement(LandingPage, { config: landingConfigFrom(buildTimeEnv()) }));
  document.body.append(root);
  return root;
};

afterEach(async () => {
  document.body.innerHTML = '';
  window.sessionStorage.clear();
  window.localStorage.clear();
  await deviceStorage.clear();
});

describe('This is a shared computer, on the landing page', () => {
  it('ticked, keeps the copy in the tab and erases IndexedDB and localStorage', async () => {
    await deviceStorage.setItem('persist:essay-studio', '{"wizard":"Maya"}');
    window.localStorage.setItem('essay-studio:wizard-step', '2');
    const undo = activateSharedComputer(prerendered());
    const box = screen.getByRole('checkbox', { name: 'This is a shared computer' });
    expect(box).not.toBeChecked();

    await userEvent.setup().click(box);
    await vi.waitFor(() => expect(box).toBeEnabled(), CONDITION_WAIT);
    expect(box).toBeChecked();
    expect(isSharedComputer()).toBe(true);
    expect(window.sessionStorage.getItem('persist:essay-studio')).toBe('{"wizard":"Maya"}');
    expect(window.localStorage.length).toBe(0);
    expect(await deviceStorage.keys()).toEqual([]);
    undo();
  });

  it('shows the tab’s answer when the page opens again', () => {
    window.sessionStorage.setItem('essay-studio:shared-computer', 'true');
    const undo = activateSharedComputer(prerendered());
    expect(screen.getByRole('checkbox', { name: 'This is a shared computer' })).toBeChecked();
    undo();
  });
});
