// The notice after a conflict, by role and label: a section both devices changed is named with "Restore my
// version", which puts the other device's answers back (the listener marks and sends it as an edit:
// remoteSync.test.ts), or "Keep these answers".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { ReplacedSectionsNotice } from '../../../src/features/wizard/ReplacedSectionsNotice.tsx';
import { passingProfile } from './fixtures.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

const there = { fullName: 'Maya Okafor', email: 'maya@example.com' };

function renderNotice() {
  const wizard = { ...passingProfile(), basicInfo: { fullName: 'Maya O.', email: 'maya@example.com' } };
  const { sync } = makeStore().getState();
  const store = makeStore({ wizard, sync: { ...sync, replaced: { basicInfo: there } } });
  return renderWithProviders(<ReplacedSectionsNotice />, { store, route: '/form' });
}

describe('ReplacedSectionsNotice', () => {
  it('names the section both devices changed, and Restore my version puts the other answers back as an edit', async () => {
    const { user, store } = renderNotice();
    const notice = screen.getByRole('region', { name: 'Changed on two devices' });
    const section = within(notice).getByRole('group', { name: /^Basic Information was also changed on another device/ });
    await user.click(within(section).getByRole('button', { name: 'Restore my version' }));
    expect(store.getState().wizard.basicInfo).toEqual(there);
    expect(store.getState().sync.replaced).toBeUndefined();
    expect(screen.queryByRole('region', { name: 'Changed on two devices' })).toBeNull();
  });

  it('Keep these answers ends the offer and changes nothing', async () => {
    const { user, store } = renderNotice();
    await user.click(screen.getByRole('button', { name: 'Keep these answers' }));
    expect(store.getState().wizard.basicInfo.fullName).toBe('Maya O.');
    expect(store.getState().sync.replaced).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Restore my version' })).toBeNull();
  });
});
