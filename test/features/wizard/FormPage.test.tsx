import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WIZARD_STEP_KEY } from '../../../src/features/wizard/stepKey.ts';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

// The step's heading ("Step N of 5: …"), not the "Your data" section's under the card.
const heading = () => screen.getByRole('heading', { level: 2, name: /^Step \d of 5/ });
const next = () => screen.getByRole('button', { name: 'Next' });
const back = () => screen.getByRole('button', { name: 'Back' });

describe('FormPage: walking the five steps', () => {
  it('fills every step with the keyboard and mouse and reaches /essay-type with Continue', async () => {
    const { user, store } = renderWizard();
    expect(heading()).toHaveTextContent('Step 1 of 5: Basic Information');
    expect(heading()).toHaveAccessibleName('Step 1 of 5: Basic Information');
    expect(back()).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: /full name/i }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
    await user.click(next());

    expect(heading()).toHaveTextContent('Step 2 of 5: Academic Information');
    expect(heading()).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: /class rank/i }), 'Top 10%');
    await user.type(screen.getByRole('textbox', { name: /gpa/i }), '3.9');
    await user.click(screen.getByRole('checkbox', { name: 'Computer Science' }));
    await user.click(screen.getByRole('checkbox', { name: 'STEM' }));
    await user.click(next());

    expect(heading()).toHaveTextContent('Step 3 of 5: College Goals');
    await user.click(screen.getByRole('checkbox', { name: 'Technical Institute' }));
    await user.type(screen.getByRole('textbox', { name: /specific colleges/i }), 'Caltech{Enter}');
    await user.click(next());

    expect(heading()).toHaveTextContent('Step 4 of 5: Activities & Involvement');
    await user.click(screen.getByRole('button', { name: 'Add activity' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'academic_clubs');
    await user.click(next());

    expect(heading()).toHaveTextContent('Step 5 of 5: Personal Insights');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /made you really happy/i }), 'Building a radio');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('heading', { name: 'Choose your essay type' })).toBeInTheDocument();
    expect(store.getState().wizard).toMatchObject({
      basicInfo: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
      academics: { classRank: 'Top 10%', gpa: '3.9', subjects: ['Computer Science'], majors: ['STEM'] },
      collegeGoals: { collegeTypes: ['Technical Institute'], specificColleges: ['Caltech'] },
      activitiesAndInvolvement: { activities: [{ category: 'academic_clubs' }] },
      personalInsights: { happy: 'Building a radio' },
    });
  });

  it('goes back a step with Back', async () => {
    storeStep(2);
    const { user } = renderWizard({ wizard: passingProfile() });
    await user.click(back());
    expect(heading()).toHaveTextContent('Step 2 of 5: Academic Information');
    expect(back()).toBeEnabled();
    await user.click(back());
    expect(back()).toBeDisabled();
  });

  it('marks the current step in the progress list', () => {
    storeStep(1);
    renderWizard({ wizard: passingProfile() });
    const progress = screen.getByRole('list', { name: 'Questionnaire steps' });
    const current = within(progress).getAllByRole('listitem').filter((item) => item.getAttribute('aria-current'));
    expect(current).toHaveLength(1);
    expect(current[0]).toHaveTextContent('Academic Information');
  });
});

describe('FormPage: Next is disabled until the step passes, and says why', () => {
  it('step 1: full name and a valid e-mail', async () => {
    const { user } = renderWizard();
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('To continue, add your full name and a valid email address.');
    await user.type(screen.getByRole('textbox', { name: /full name/i }), '   ');
    expect(next()).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /full name/i }), 'Ada');
    expect(next()).toHaveAccessibleDescription('To continue, add a valid email address.');
    // The reason lives in a status region, so what is still missing is announced as it changes.
    expect(screen.getByText('To continue, add a valid email address.').parentElement).toHaveAttribute('role', 'status');
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ada@example.com');
    expect(next()).toBeEnabled();
    expect(next()).not.toHaveAccessibleDescription();
  });

  it('step 2: class rank and at least one subject', async () => {
    storeStep(1);
    const profile = passingProfile();
    const { user } = renderWizard({ wizard: { ...profile, academics: { ...profile.academics, classRank: '', subjects: [] } } });
    expect(next()).toHaveAccessibleDescription('To continue, add your class rank and at least one subject.');
    await user.selectOptions(screen.getByRole('combobox', { name: /class rank/i }), 'Unranked');
    expect(next()).toHaveAccessibleDescription('To continue, add at least one subject.');
    await user.click(screen.getByRole('checkbox', { name: 'Arts' }));
    expect(next()).toBeEnabled();
  });

  it('step 3: at least one college type', async () => {
    storeStep(2);
    const profile = passingProfile();
    const { user } = renderWizard({ wizard: { ...profile, collegeGoals: { collegeTypes: [], specificColleges: [] } } });
    expect(next()).toBeDisabled();
    expect(next()).toHaveAccessibleDescription('To continue, add at least one college type.');
    await user.click(screen.getByRole('checkbox', { name: 'Ivy League' }));
    expect(next()).toBeEnabled();
  });

  it('steps 4 and 5 always pass', async () => {
    storeStep(3);
    const { user } = renderWizard({ wizard: passingProfile() });
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('Continue sends the student to the first incomplete step instead of a guarded route', async () => {
    storeStep(4);
    const profile = passingProfile();
    const { user } = renderWizard({ wizard: { ...profile, collegeGoals: { collegeTypes: [], specificColleges: [] } } });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(heading()).toHaveTextContent('Step 3 of 5: College Goals');
  });
});

describe('FormPage: the step index in local storage', () => {
  it('restores the stored step', () => {
    storeStep(2);
    renderWizard({ wizard: passingProfile() });
    expect(heading()).toHaveTextContent('Step 3 of 5: College Goals');
  });

  it.each([
    ['9', 'Step 5 of 5'], ['-2', 'Step 1 of 5'], ['abc', 'Step 1 of 5'], ['1.5', 'Step 1 of 5'],
  ])('clamps a stored %j to 0–4', (stored, expected) => {
    storeStep(stored);
    renderWizard({ wizard: passingProfile() });
    expect(heading()).toHaveTextContent(expected);
  });

  it('stores the step as the student moves', async () => {
    const { user } = renderWizard({ wizard: passingProfile() });
    expect(localStorage.getItem(WIZARD_STEP_KEY)).toBeNull(); // nothing to remember until the student moves
    await user.click(next());
    expect(localStorage.getItem(WIZARD_STEP_KEY)).toBe('1');
  });
});

describe('FormPage: Start over', () => {
  it('Cancel keeps every answer and returns focus to the button', async () => {
    storeStep(2);
    const { user, store } = renderWizard({ wizard: passingProfile() });
    const before = store.getState().wizard;
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = screen.getByRole('dialog', { name: 'Start over?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().wizard).toBe(before);
    expect(heading()).toHaveTextContent('Step 3 of 5');
    expect(screen.getByRole('button', { name: 'Start over' })).toHaveFocus();
  });

  it('Escape cancels, and Tab stays inside the dialog', async () => {
    const { user } = renderWizard({ wizard: passingProfile() });
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    const dialog = screen.getByRole('dialog');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Start over' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Start over dispatches formReset, empties the profile and returns to step 1', async () => {
    storeStep(3);
    const { user, store, actions } = renderWizard({ wizard: passingProfile() });
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start over' }));
    expect(actions.map((action) => action.type)).toContain('document/reset');
    expect(store.getState().wizard.basicInfo).toEqual({ fullName: '', email: '' });
    expect(heading()).toHaveTextContent('Step 1 of 5: Basic Information');
    expect(heading()).toHaveFocus();
    expect(localStorage.getItem(WIZARD_STEP_KEY)).toBe('0');
    expect(screen.getByRole('textbox', { name: /full name/i })).toHaveValue('');
  });

  it('follows a document loaded from elsewhere', () => {
    const { store } = renderWizard();
    act(() => {
      store.dispatch({ type: 'document/loaded', payload: { document: { basicInfo: { fullName: 'Grace', email: '' } }, source: 'remote' } });
    });
    expect(screen.getByRole('textbox', { name: /full name/i })).toHaveValue('Grace');
  });
});
