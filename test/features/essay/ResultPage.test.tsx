import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/app/routes.ts';
import type { RootState } from '../../../src/app/store.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const atResult = (plan: 'free' | 'paid', generatedEssay: string): Partial<RootState> => ({
  ...studentAt('result'),
  essay: { generatedEssay },
  session: { uid: 'anon_12345678', plan, status: 'succeeded', planStatus: 'succeeded', syncStatus: 'device', error: null },
});

describe('/result', () => {
  it('shows a paid student the saved essay with N/650 and no upgrade notice', async () => {
    renderApp({ route: paths.result, preloadedState: atResult('paid', 'First paragraph here.\n\nSecond one.') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your College Essay' })).toBeInTheDocument();
    expect(screen.getByText('5/650')).toBeInTheDocument();
    expect(screen.getByText('First paragraph here.')).toBeInTheDocument();
    expect(screen.getByText('Second one.')).toBeInTheDocument();
    expect(screen.queryByText('Generating your essay needs the paid plan')).not.toBeInTheDocument();
  });

  it('tells a free student that generating the essay needs the paid plan', async () => {
    renderApp({ route: paths.result, preloadedState: atResult('free', '') });
    expect(await screen.findByText('Generating your essay needs the paid plan')).toBeInTheDocument();
    expect(screen.getByText('Your essay will appear here once it has been generated.')).toBeInTheDocument();
  });
});
