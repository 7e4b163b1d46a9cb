import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import type { RootState } from '../../../src/app/store.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

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

  it('shows the sample disclaimer while the plan is still being asked for, and the free notice below it after', async () => {
    const waiting = atResult('free', '');
    waiting.session = { uid: 'anon_12345678', plan: null, status: 'succeeded', planStatus: 'pending', error: null };
    const { unmount } = renderApp({ route: paths.result, preloadedState: waiting });
    expect(await screen.findByText('Checking your plan…')).toBeInTheDocument();
    expect(screen.getByText(/This essay is a sample for reference only/)).toBeInTheDocument();
    expect(screen.queryByText('Generating your essay needs the paid plan')).not.toBeInTheDocument();
    unmount();

    renderApp({ route: paths.result, preloadedState: atResult('free', '') });
    const notice = await screen.findByText('Generating your essay needs the paid plan');
    const disclaimer = screen.getByText(/This essay is a sample for reference only/);
    // What the plan decides is added after the disclaimer, so the disclaimer painted first never moves.
    expect(disclaimer.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('tells a student with thin material, before generating, that the draft may be short and what to add', async () => {
    renderApp({ route: paths.result, preloadedState: atResult('free', '') });
    const notice = await screen.findByText(/hold about 5 words of your own writing, so the draft may be shorter than the 250-word minimum/);
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
    const answer = Array.from({ length: 240 }, (_, i) => `detail${i}`).join(' ');
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

  it('shows how the essay was made: each paragraph’s sources on demand, and the share rewritten since', async () => {
    const state = atResult('paid', 'The arm worked at last.\n\nMy grandfather fixed radios for the whole street.');
    state.essay = {
      generatedEssay: 'The arm worked at last, after weeks.\n\nMy grandfather fixed radios for the whole street.',
      originalEssay: 'The arm worked at last.\n\nMy grandfather fixed radios for the whole street.',
      engine: 'offline',
      record: {
        generatedAt: '2026-11-24T18:00:00.000Z',
        paragraphs: [
          [{ key: 'insight:happy', label: 'Tell us about something that made you really happy.', excerpt: 'Our robot finally lifted the cube.' }],
          [{ key: 'insight:roleModel', label: 'Who is someone you look up to, and why?', excerpt: 'My grandfather, who fixed radios.' }],
        ],
      },
    };
    const { user } = renderApp({ route: paths.result, preloadedState: state });
    const record = await screen.findByRole('region', { name: 'How this essay was made' });
    expect(record).toHaveTextContent(/Generated on November 24, 2026/);
    expect(record).toHaveTextContent('Built from 2 of your answers: Tell us about something that made you really happy.; Who is someone you look up to, and why?.');
    // 'last.' became 'last, after weeks.': 3 words added (1 removed) over the 15 of the longer text.
    expect(record).toHaveTextContent('Since then you have rewritten 20% of its words.');

    const show = screen.getByRole('button', { name: 'Show sources for paragraph 2' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Sources of paragraph 2' })).not.toBeInTheDocument();
    show.focus();
    await user.keyboard('{Enter}');
    const sources = screen.getByRole('list', { name: 'Sources of paragraph 2' });
    expect(sources).toHaveTextContent('Who is someone you look up to, and why? — “My grandfather, who fixed radios.”');
    expect(screen.getByRole('button', { name: 'Hide sources for paragraph 2' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('checkbox', { name: 'Include this record in the download' })).not.toBeChecked();

    // The record goes into the downloaded text only while the box is ticked.
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => { saved.push(blob); return 'blob:essay'; };
    URL.revokeObjectURL = () => undefined;
    const download = async () => {
      await user.click(screen.getByRole('button', { name: 'Download' }));
      await vi.waitFor(() => expect(saved.length).toBeGreaterThan(0), CONDITION_WAIT);
      return saved.pop()!.text();
    };
    expect(await download()).not.toContain('How this essay was made');
    await user.click(screen.getByRole('checkbox', { name: 'Include this record in the download' }));
    // The record's wording joins the download in a transition, once its code is in: a download at once may
    // still go without it.
    let withRecord = '';
    await vi.waitFor(async () => {
      withRecord = await download();
      expect(withRecord).toContain('How this essay was made\nGenerated on November 24, 2026');
    }, CONDITION_WAIT);
    expect(withRecord).toContain('Since then you have rewritten 20% of its words.');
    expect(withRecord).toContain('Paragraph 2 of the generated essay: Who is someone you look up to, and why?.');
    expect(withRecord.indexOf('How this essay was made')).toBeGreaterThan(withRecord.indexOf('My grandfather fixed radios'));
    await user.click(screen.getByRole('checkbox', { name: 'Include this record in the download' }));
    expect(await download()).not.toContain('How this essay was made');
  });
});
