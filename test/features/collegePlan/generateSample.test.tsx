// "Generate a sample" from a planner prompt, by role and label: it opens the supplemental flow with the prompt
// and its limit filled in (generating stays the student's press, under the flow's own rules), the sample it
// writes is the prompt's draft back on /colleges, and prompts the flow cannot write (under 50 words, no limit)
// offer no such button.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { supplementalEssayKey } from '../../../src/client-core/essayVersions.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const whyRice = 'Why Rice? Tell us what draws you to Rice University.';

describe('Generate a sample from a planner prompt', () => {
  it('opens the supplemental flow on the prompt, and the sample becomes the prompt\'s draft', async () => {
    const api = fakeApi({ 'POST /api/supplemental-essay': () => json({ essay: 'The Marching Owl Band, and the lab.', engine: 'offline', quota: { limit: 10, remaining: 9 } }) });
    const { user, store, router } = renderApp({ route: paths.colleges, preloadedState: studentAt('essay-type') });
    const collegeForm = await screen.findByRole('form', { name: 'Add a college' });
    await user.type(within(collegeForm).getByRole('textbox', { name: /College name/ }), 'Rice University');
    await user.type(within(collegeForm).getByLabelText(/Deadline/), '2030-01-01');
    await user.click(within(collegeForm).getByRole('button', { name: 'Add a college' }));
    for (const [text, limit] of [[whyRice, '150'], ['Your favourite word?', '25'], ['Anything else?', null]] as const) {
      const form = screen.getByRole('form', { name: 'Add a prompt for Rice University' });
      await user.click(within(form).getByRole('textbox', { name: /Prompt/ }));
      await user.paste(text);
      if (limit === null) await user.click(within(form).getByRole('checkbox', { name: 'No limit' }));
      else await user.type(within(form).getByRole('spinbutton', { name: /Word limit/ }), limit);
      await user.click(within(form).getByRole('button', { name: 'Add a prompt' }));
    }
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    expect(rice.queryByRole('button', { name: 'Generate a sample for prompt 2' })).not.toBeInTheDocument();
    expect(rice.queryByRole('button', { name: 'Generate a sample for prompt 3' })).not.toBeInTheDocument();

    await user.click(rice.getByRole('button', { name: 'Generate a sample for prompt 1' }));
    expect(router.state.location.pathname).toBe(paths.supplemental);
    expect(await screen.findByLabelText('Essay prompt')).toHaveValue(whyRice);
    expect(screen.getByLabelText(/Word count/)).toHaveValue(150);
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Generate Supplemental Essay' }));
    expect(await screen.findByText('The Marching Owl Band, and the lab.')).toBeInTheDocument();
    expect(JSON.parse(String(api.calls[0]?.init.body))).toMatchObject({ essayPrompt: whyRice, wordCount: 150 });

    await router.navigate(paths.colleges);
    const back = within(await screen.findByRole('listitem', { name: 'Rice University' }));
    expect(back.getByRole('listitem', { name: 'Prompt 1' })).toHaveTextContent('150 words · 1 draft saved');
    expect(back.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('drafting');
    expect(store.getState().collegePlan.document.colleges[0]!.prompts[0]!.sourceKey).toBe(supplementalEssayKey(whyRice, 150));
    // The sample is that prompt's, not one more prompt waiting to be assigned.
    expect(screen.queryByRole('list', { name: 'Not assigned to a college' })).not.toBeInTheDocument();
  });
});
