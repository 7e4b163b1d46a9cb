// Follow-up questions: generated on entry, the seven defaults on failure, and the 3-answer rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../../src/common/essay/prompts.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const atFollowup = () => ({ ...studentAt('followup'), followup: { followUpQuestions: [], followUpResponses: {} } });

afterEach(() => { vi.unstubAllGlobals(); });

describe('follow-up questions', () => {
  it('asks for questions on entry when there are none', async () => {
    const api = fakeApi({ 'POST /api/followup-questions': () => json({ questions: ['What did the gym smell like?', 'Who was there?', 'What changed?'] }) });
    renderApp({ route: paths.followup, preloadedState: atFollowup() });
    expect(await screen.findByLabelText('What did the gym smell like?')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toMatchObject({ selectedIdea: 'The robotics team that lost every match', variant: 0 });
  });

  it('uses the seven default questions when generation fails, and says so', async () => {
    fakeApi({ 'POST /api/followup-questions': () => json({ error: 'down', code: 'ai_upstream_error' }, 502) });
    renderApp({ route: paths.followup, preloadedState: atFollowup() });
    expect(await screen.findByText(MESSAGES.questionsFailed)).toBeInTheDocument();
    for (const question of DEFAULT_FOLLOWUP_QUESTIONS) expect(screen.getByLabelText(question)).toBeInTheDocument();
  });

  it('asks for 3 answers before going on to the essay', async () => {
    fakeApi({ 'POST /api/followup-questions': () => json({ error: 'down', code: 'ai_upstream_error' }, 502) });
    const { user, router } = renderApp({ route: paths.followup, preloadedState: atFollowup() });
    await screen.findByText(MESSAGES.questionsFailed);
    await user.click(screen.getByRole('button', { name: 'Generate Essay' }));
    expect(screen.getByText(MESSAGES.minimumAnswers)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.followup);
    for (const question of DEFAULT_FOLLOWUP_QUESTIONS.slice(0, 3)) await user.type(screen.getByLabelText(question), 'An answer.');
    await user.click(screen.getByRole('button', { name: 'Generate Essay' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(paths.result), CONDITION_WAIT);
  });
});
