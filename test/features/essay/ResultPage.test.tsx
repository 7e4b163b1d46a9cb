import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import type { RootState } from '../../../src/app/store.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const atResult = (plan: 'free' | 'paid', generatedEssay: string): Partial<RootState> => ({
  ...studentAt('result'),
  essay: { generatedEssay },
  session: { uid: 'anon_12345678', plan, status: 'succeeded', planStatus: 'succeeded', error: null },
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

  it('tells a student with thin material, before generating, that the draft will be short and what to add', async () => {
    renderApp({ route: paths.result, preloadedState: atResult('free', '') });
    const notice = await screen.findByText(/hold about 5 words of your own writing, so the draft will be shorter than the 250-word minimum/);
    expect(notice).toBeInTheDocument();
    expect(screen.getByText('To reach 250 words, add:')).toBeInTheDocument();
    expect(screen.getByText(/An activity in Activities & Involvement/)).toBeInTheDocument();
    expect(screen.getByText('A writing sample in Personal Insights')).toBeInTheDocument();
  });

  it('after a short draft, says why it is short and marks the count below the 250-word minimum', async () => {
    renderApp({ route: paths.result, preloadedState: atResult('paid', 'My dog Biscuit was scared of everyone at first.') });
    expect(await screen.findByText(/This draft is shorter than the 250-word minimum/)).toBeInTheDocument();
    expect(screen.getByText('(below the 250-word minimum)', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/Word count:/).parentElement).toHaveTextContent('Word count: 9/650 (below the 250-word minimum)');
  });

  it('after a short draft from enough material, still says it is below the minimum', async () => {
    const state = atResult('paid', Array.from({ length: 200 }, () => 'word').join(' '));
    const answer = Array.from({ length: 160 }, (_, i) => `detail${i}`).join(' ');
    state.followup = { followUpQuestions: ['What moment inspired you?'], followUpResponses: { 'What moment inspired you?': answer } };
    renderApp({ route: paths.result, preloadedState: state });
    expect(await screen.findByText(/This draft is shorter than the 250-word minimum/)).toBeInTheDocument();
    expect(screen.getByText(/Word count:/).parentElement).toHaveTextContent('Word count: 200/650 (below the 250-word minimum)');
  });

  it('says nothing about length when the material is rich enough', async () => {
    const state = atResult('paid', Array.from({ length: 300 }, () => 'word').join(' '));
    const answer = Array.from({ length: 160 }, (_, i) => `detail${i}`).join(' ');
    state.followup = { followUpQuestions: ['What moment inspired you?'], followUpResponses: { 'What moment inspired you?': answer } };
    renderApp({ route: paths.result, preloadedState: state });
    expect(await screen.findByText('300/650')).toBeInTheDocument();
    expect(screen.queryByText(/below the 250-word minimum/)).not.toBeInTheDocument();
    expect(screen.queryByText('To reach 250 words, add:')).not.toBeInTheDocument();
  });
});
