// /coach in the real app (router, guard, store, the lazy analysis), the server faked at fetch: the page says what
// the coach is, reviews the draft on the device as the typing pauses, keeps revisions as coach versions, shows an
// earlier question addressed once its words are gone, and asks the model only when the student presses the button.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { actionSanitizer, stateSanitizer } from '../../../src/app/devtools.ts';
import { unsentVersions } from '../../../src/app/persistence/versionBudget.ts';
import { startSession } from '../../../src/app/session/sessionSlice.ts';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { createEventMap } from '../../../src/features/analytics/eventMap.ts';
import { paths } from '../../../src/client-core/routes.ts';
import { COACH_RULES_VERSION } from '../../../src/common/coach/limits.ts';
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';
import { recordActions } from '../../app/actionLog.ts';
import { passingProfile } from '../../app/fixtures.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { EVENT_RULES } from '../analytics/eventRules.ts';

const cliche = PLANTED_DRAFTS[0]!.draft; // opens with "Ever since I was a child"
const OPENING = 'Ever since I was a child, I have loved the water. ';
const MODEL = { engine: 'openai', name: 'gpt-test', left: 5, limit: 20 };
/** A browser with its session (the status is asked once there is one). */
const preloadedState: Partial<RootState> = {
  session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
};

const paragraphSection = (number: number) => screen.findByRole('listitem', { name: `Paragraph ${number}` });

async function writeDraft(user: ReturnType<typeof renderApp>['user'], text: string) {
  const box = screen.getByRole('textbox', { name: 'Your draft' });
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

afterEach(() => vi.unstubAllGlobals());

describe('/coach', () => {
  it('may be entered by a new student, says what the coach is, and offers no ask without a model', async () => {
    fakeApi({ 'GET /api/coach/status': () => json({ model: null }) });
    renderApp({ route: paths.coach, preloadedState });
    expect(await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeInTheDocument();
    const about = screen.getByRole('region', { name: 'What the coach is' });
    expect(about).toHaveTextContent('rules written by people');
    expect(about).toHaveTextContent('does not detect AI use and gives no AI-detector score');
    expect(about).toHaveTextContent('never goes to analytics');
    expect(about).toHaveTextContent('Delete my data');
    expect(about).toHaveTextContent('No language model is set up here');
    expect(screen.getByRole('radio', { name: 'Personal statement (650 words)' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Ask the coach' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save this revision' })).toBeDisabled();
  });

  it('asks about the cliché opening on paragraph 1 as the typing pauses, and marks it addressed once it is gone', async () => {
    fakeApi({ 'GET /api/coach/status': () => json({ model: null }) });
    const { user, store } = renderApp({ route: paths.coach, preloadedState });
    await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' });
    await writeDraft(user, cliche);
    const first = await paragraphSection(1);
    expect(within(first).getByText('Stock phrase')).toBeInTheDocument();
    expect(within(first).getByText(/Ever since I was a child/, { selector: 'blockquote' })).toBeInTheDocument();
    const overall = screen.getByRole('region', { name: 'Overall' });
    for (const dimension of ['Voice', 'Specificity', 'Reflection', 'Craft', 'Answers the prompt']) {
      expect(within(overall).getByText(new RegExp(`^${dimension}:`))).toBeInTheDocument();
    }

    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    const [kept] = store.getState().coach.versions?.['coach-personal'] ?? [];
    expect(kept).toMatchObject({ kind: 'coach', text: cliche, coach: { rulesVersion: COACH_RULES_VERSION, comments: [] } });
    expect(unsentVersions(store.getState())).toEqual([expect.objectContaining({ essayKey: 'coach-personal', kind: 'coach', coach: kept!.coach })]);
    expect(screen.getByRole('button', { name: 'Save this revision' })).toBeDisabled();

    await writeDraft(user, cliche.replace(OPENING, ''));
    const earlier = await screen.findByRole('list', { name: 'Earlier questions' });
    const stock = within(earlier).getAllByRole('listitem').find((item) => within(item).queryByText('Stock phrase'));
    expect(stock).toBeDefined();
    expect(within(stock!).getByText('Addressed')).toBeInTheDocument();
    await waitFor(async () => expect(within(await paragraphSection(1)).queryByText('Stock phrase')).not.toBeInTheDocument());
  });

  it('keeps a supplemental answer\'s revisions under its prompt\'s coach key, once it has a prompt', async () => {
    fakeApi({ 'GET /api/coach/status': () => json({ model: null }) });
    const { user, store } = renderApp({ route: paths.coach, preloadedState });
    await user.click(await screen.findByRole('radio', { name: 'Supplemental answer' }));
    await writeDraft(user, 'I want to study at a great school with a strong community.');
    expect(screen.getByRole('button', { name: 'Save this revision' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: "The college's prompt" }), 'Why us?');
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    const keys = Object.keys(store.getState().coach.versions ?? {});
    expect(keys).toEqual([expect.stringMatching(/^coach-supplemental-[0-9a-f]{16}$/)]);
  });

  it('names what the student already told the app on a first draft of one sentence, whole', async () => {
    fakeApi({ 'GET /api/coach/status': () => json({ model: null }) });
    const told = 'Who taught you something?';
    const { user } = renderApp({ route: paths.coach, preloadedState: {
      ...preloadedState, wizard: passingProfile(),
      followup: { followUpQuestions: [told], followUpResponses: { [told]: 'Mrs. Alvarez let me keep a $12 wrench set at her shop.' } },
    } });
    await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' });
    await writeDraft(user, 'I like fixing bikes.');
    const first = await paragraphSection(1);
    expect(await within(first).findByText('Something you already told us')).toBeInTheDocument();
    expect(within(first).getByText(/Your answers mention “a \$12 wrench set”/)).toBeInTheDocument();
  });

  it('sends the draft to the model only on "Ask the coach", and shows its question with the rules\'', async () => {
    const question = 'What did the pool smell like at six in the morning?';
    const api = fakeApi({
      'GET /api/coach/status': () => json({ model: MODEL }),
      // The device has the rules' review: the server answers the model's questions alone.
      'POST /api/coach/questions': ({ init }) => {
        const body = JSON.parse(String(init.body)) as { draft: string };
        return json({ engine: 'model', comments: [{ paragraph: 1, kind: 'specificity', quote: body.draft.split('\n\n')[1]!.slice(0, 20), question }] });
      },
    });
    const { user, store } = renderApp({ route: paths.coach, preloadedState });
    expect(await screen.findByText(/a language model \(gpt-test, from openai\)/)).toBeInTheDocument();
    await writeDraft(user, cliche);
    await paragraphSection(1);
    expect(api.callsTo('POST /api/coach/questions')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Ask the coach' }));
    expect(await screen.findByText(question)).toBeInTheDocument();
    expect(within(await paragraphSection(2)).getByText(/asked by the model/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/coach/questions')).toHaveLength(1);
    const [kept] = store.getState().coach.versions?.['coach-personal'] ?? [];
    expect(kept?.coach?.comments).toEqual([expect.objectContaining({ paragraph: 1, kind: 'specificity', question })]);
  });

  it('keeps the rules\' review and says so when the ask fails', async () => {
    fakeApi({
      'GET /api/coach/status': () => json({ model: MODEL }),
      'POST /api/coach/questions': () => json({ error: 'Server error', code: 'internal' }, 500),
      // The draft's links and their comments, below the review.
      'GET /api/shares': () => json({ shares: [] }),
      'GET /api/comments': () => json({ shares: [], more: false }),
    });
    const { user } = renderApp({ route: paths.coach, preloadedState });
    await screen.findByRole('button', { name: 'Ask the coach' });
    await writeDraft(user, cliche);
    await user.click(screen.getByRole('button', { name: 'Ask the coach' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not reach the model');
    expect(within(await paragraphSection(1)).getByText('Stock phrase')).toBeInTheDocument();
  });

  it('puts the draft in no analytics event, and shortens it in the DevTools log, through an ask that fails', async () => {
    fakeApi({
      'GET /api/coach/status': () => json({ model: MODEL }),
      'POST /api/coach/questions': () => json({ error: 'Server error', code: 'internal' }, 500),
      // The draft's links and their comments, below the review.
      'GET /api/shares': () => json({ shares: [] }),
      'GET /api/comments': () => json({ shares: [], more: false }),
    });
    const store = makeStore(preloadedState);
    const log = recordActions(store);
    const { user } = renderApp({ route: paths.coach, store });
    await screen.findByRole('button', { name: 'Ask the coach' });
    await writeDraft(user, cliche);
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    await user.click(screen.getByRole('button', { name: 'Ask the coach' }));
    await screen.findByRole('alert');
    const secret = cliche.split('\n\n')[1]!.slice(0, 60);
    const { eventFor } = createEventMap(EVENT_RULES);
    const events = log.actions.map((action) => eventFor(action, { state: store.getState(), pagePath: paths.coach }));
    expect(events.filter(Boolean).length).toBeGreaterThan(0); // the failure is counted...
    expect(JSON.stringify(events)).not.toContain(secret); // ...without the draft
    expect(JSON.stringify(log.actions.map(actionSanitizer))).not.toContain(secret);
    expect(JSON.stringify(stateSanitizer(store.getState()))).not.toContain(secret);
  });

  it('has no axe violations with a supplemental draft, its review and an earlier revision\'s questions', async () => {
    fakeApi({ 'GET /api/coach/status': () => json({ model: MODEL }) });
    const { user } = renderApp({ route: paths.coach, preloadedState });
    await user.click(await screen.findByRole('radio', { name: 'Supplemental answer' }));
    await user.click(screen.getByRole('textbox', { name: "The college's prompt" }));
    await user.paste('Why do you want to attend our college?');
    await writeDraft(user, cliche);
    await paragraphSection(1);
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    await writeDraft(user, cliche.replace(OPENING, ''));
    await screen.findByRole('list', { name: 'Earlier questions' });
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('asks whether a model is set up once the browser has its session', async () => {
    const api = fakeApi({ 'GET /api/coach/status': () => json({ model: MODEL }) });
    const { store } = renderApp({ route: paths.coach });
    await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' });
    expect(api.callsTo('GET /api/coach/status')).toHaveLength(0);
    store.dispatch(startSession.fulfilled({ uid: 'anon_12345678' }, 'request'));
    expect(await screen.findByRole('button', { name: 'Ask the coach' })).toBeInTheDocument();
    expect(screen.getByText(/asked 5 more times today \(of 20\)/)).toBeInTheDocument();
  });
});
