// /colleges with what the student already had on this device, found by role and label: supplemental essays
// and the coach's supplemental draft are listed under "Not assigned to a college" with their word limits and
// versions; assigning one to a college makes it that college's prompt with the same versions as its drafts
// (their essay keys unchanged), and removing it from the college lists it as unassigned again.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { paths } from '../../../src/client-core/routes.ts';
import { essayVersionId, supplementalEssayKey, type EssayVersion } from '../../../src/client-core/essayVersions.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { fakeApi } from '../../app/fakeApi.ts';

const version = (key: string, at: string, text: string, kind: EssayVersion['kind']): EssayVersion =>
  ({ id: essayVersionId(key, at, kind, text), at, kind, text });

const whyTufts = 'Which aspects of the Tufts undergraduate experience prompt your application? In short: "Why Tufts?"';
const tuftsKey = supplementalEssayKey(whyTufts, 150);
const community = 'Describe a community you belong to.';
const communityKey = supplementalEssayKey(community, 1200);
const favouriteWord = 'What is your favourite word, and why?';
const wordKey = supplementalEssayKey(favouriteWord, 100);

const preloadedState = {
  supplemental: {
    supplementalEssays: [
      { prompt: whyTufts, wordCount: 150, generatedEssay: 'The Tufts essay as generated last.' },
      { prompt: community, wordCount: 1200, generatedEssay: 'A community essay.' },
    ],
    versions: {
      [tuftsKey]: [version(tuftsKey, '2026-11-02T10:00:00.000Z', 'The Tufts essay, second try.', 'generated'), version(tuftsKey, '2026-11-01T10:00:00.000Z', 'The Tufts essay.', 'generated')],
      [communityKey]: [version(communityKey, '2026-11-03T10:00:00.000Z', 'A community essay.', 'generated')],
    },
  },
  coach: {
    kind: 'supplemental' as const, prompt: favouriteWord, wordLimit: 100, draft: 'Quiddity: the whatness of a thing.',
    versions: {
      [`coach-${tuftsKey}`]: [version(`coach-${tuftsKey}`, '2026-11-04T10:00:00.000Z', 'My own Tufts draft.', 'coach')],
      [`coach-${wordKey}`]: [version(`coach-${wordKey}`, '2026-11-05T10:00:00.000Z', 'Quiddity.', 'coach')],
    },
  },
};

const isoDay = (offsetDays: number): string => {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

describe('/colleges with essays written before the planner', () => {
  it('lists them as unassigned prompts with their limits and versions, and assigning one keeps its drafts', async () => {
    fakeApi({});
    const { user, store } = renderApp({ route: paths.colleges, preloadedState });
    expect(await screen.findByRole('heading', { level: 2, name: 'Not assigned to a college' })).toBeInTheDocument();
    const unassigned = () => within(screen.getByRole('list', { name: 'Not assigned to a college' }));
    expect(unassigned().getAllByRole('listitem')).toHaveLength(3);
    expect(unassigned().getByRole('listitem', { name: 'Unassigned prompt 1' })).toHaveTextContent(`${whyTufts}150 words · 3 versions`);
    // 1,200 words is over the planner's 1,000: the prompt comes in with no limit rather than a wrong one.
    expect(unassigned().getByRole('listitem', { name: 'Unassigned prompt 2' })).toHaveTextContent(`${community}No limit · 1 version`);
    expect(unassigned().getByRole('listitem', { name: 'Unassigned prompt 3' })).toHaveTextContent(`${favouriteWord}100 words · 1 version`);
    expect(unassigned().getAllByText('Add a college with room for a prompt to assign this one.')).toHaveLength(3);

    for (const [name, deadline] of [['Rice University', isoDay(60)], ['Tufts University', isoDay(30)]] as const) {
      const form = screen.getByRole('form', { name: 'Add a college' });
      await user.type(within(form).getByRole('textbox', { name: /College name/ }), name);
      await user.type(within(form).getByLabelText(/Deadline/), deadline);
      await user.click(within(form).getByRole('button', { name: 'Add a college' }));
    }
    await user.selectOptions(unassigned().getByRole('combobox', { name: 'College for unassigned prompt 1' }), 'Tufts University');
    await user.click(unassigned().getByRole('button', { name: 'Assign unassigned prompt 1' }));

    const tufts = within(screen.getByRole('listitem', { name: 'Tufts University' }));
    const assigned = tufts.getByRole('listitem', { name: 'Prompt 1' });
    expect(assigned).toHaveTextContent(whyTufts);
    expect(assigned).toHaveTextContent('150 words · 3 drafts saved');
    expect(assigned).toHaveTextContent('Suggested type: Why us.');
    expect(tufts.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('drafting');
    expect(unassigned().getAllByRole('listitem')).toHaveLength(2);
    expect(unassigned().queryByText(whyTufts)).not.toBeInTheDocument();
    // The drafts stay where they were: the prompt names their key, and no version moved or was copied.
    const state = store.getState();
    expect(state.collegePlan.document.colleges.find((college) => college.name === 'Tufts University')!.prompts[0]!.sourceKey).toBe(tuftsKey);
    expect(state.supplemental.versions).toEqual(preloadedState.supplemental.versions);
    expect(state.coach.versions).toEqual(preloadedState.coach.versions);
    expect((await axe.run(document.body)).violations).toEqual([]);

    await user.click(tufts.getByRole('button', { name: 'Remove prompt 1' }));
    expect(unassigned().getAllByRole('listitem')).toHaveLength(3);
    expect(unassigned().getByRole('listitem', { name: 'Unassigned prompt 1' })).toHaveTextContent('3 versions');
  });
});
