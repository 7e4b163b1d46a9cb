// axe on every page of the shell and on the Coming Soon dialog (contrast is checked in the browser, not in the tests' page).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { paths } from '../../src/client-core/routes.ts';
import type { RootState } from '../../src/app/store.ts';
import { studentAt } from './fixtures.ts';
import { renderApp } from './renderWithProviders.tsx';

const violations = async (): Promise<string[]> => {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
};

const everything: Partial<RootState> = {
  ...studentAt('result'),
  topics: {
    selectedTopic: studentAt('result').topics?.selectedTopic ?? null,
    topicSuggestions: { '1': [{ title: 'Grandmother’s kitchen', description: 'Cooking as a language.' }] },
  },
  essay: { generatedEssay: 'A sample essay.\n\nIn two paragraphs.' },
  supplemental: { supplementalEssays: [{ prompt: 'Why us?', wordCount: 200, generatedEssay: 'Because.' }] },
  session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
};

describe('app shell accessibility (axe)', () => {
  it.each([
    [paths.essayType, 'Choose Your Essay Type'],
    [paths.topics, 'Choose Your Essay Topic'],
    [paths.followup, 'Tell Us More About Your Topic'],
    [paths.result, 'Your College Essay'],
    [paths.supplemental, 'Generate Supplemental Essay'],
    [paths.referrals, 'Refer Friends, Earn Credit'],
    ['/no-such-page', 'Page not found'],
    [paths.thankYou, 'We couldn’t verify your payment'],
  ])('%s has no violations', async (route, heading) => {
    renderApp({ route, preloadedState: everything });
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(await violations()).toEqual([]);
  });

  it('the Coming Soon dialog has no violations', async () => {
    const { user } = renderApp({ route: paths.essayType, preloadedState: everything });
    await user.click(await screen.findByRole('button', { name: 'Referrals' }));
    await screen.findByRole('dialog', { name: 'Coming Soon' });
    expect(await violations()).toEqual([]);
  });
});
