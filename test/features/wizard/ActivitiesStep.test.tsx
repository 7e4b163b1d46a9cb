import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATEGORY_LABELS, HOURS_PER_WEEK } from '../../../src/common/questionnaire/questionnaire.ts';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const openStep4 = () => {
  storeStep(3);
  return renderWizard({ wizard: passingProfile() });
};
const entries = () => screen.queryAllByRole('group', { name: /^Activity \d+$/ });

describe('Step 4: activities & involvement', () => {
  it('starts empty; Next is enabled without any activity', () => {
    openStep4();
    expect(entries()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('adds an entry, focuses its category, and offers every field of an activity entry', async () => {
    const { user } = openStep4();
    await user.click(screen.getByRole('button', { name: 'Add activity' }));
    const entry = within(entries()[0]!);
    const category = entry.getByRole('combobox', { name: 'Category' });
    expect(category).toHaveFocus();
    expect(within(category).getAllByRole('option').slice(1).map((o) => o.textContent))
      .toEqual(Object.values(ACTIVITY_CATEGORY_LABELS));
    const hours = entry.getByRole('combobox', { name: 'Hours per week' });
    expect(within(hours).getAllByRole('option').slice(1).map((o) => o.getAttribute('value'))).toEqual([...HOURS_PER_WEEK]);
    expect(within(entry.getByRole('group', { name: 'Years of participation' })).getAllByRole('checkbox')).toHaveLength(4);
    expect(entry.queryByRole('textbox', { name: 'Other category' })).not.toBeInTheDocument();
    expect(screen.getByText('Activity 1 added.')).toHaveAttribute('role', 'status');
  });

  it('edits an entry, including the other category text', async () => {
    const { user, store } = openStep4();
    await user.click(screen.getByRole('button', { name: 'Add activity' }));
    const entry = within(entries()[0]!);
    await user.selectOptions(entry.getByRole('combobox', { name: 'Category' }), 'other');
    await user.type(entry.getByRole('textbox', { name: 'Other category' }), 'Robotics');
    await user.click(entry.getByRole('checkbox', { name: '11th' }));
    await user.click(entry.getByRole('checkbox', { name: '9th' }));
    await user.type(entry.getByRole('textbox', { name: /leadership/i }), 'Team captain');
    await user.type(entry.getByRole('textbox', { name: /description/i }), 'Built a rover');
    await user.selectOptions(entry.getByRole('combobox', { name: 'Hours per week' }), '10+');
    expect(store.getState().wizard.activitiesAndInvolvement.activities).toEqual([{
      category: 'other', otherCategory: 'Robotics', years: ['9th', '11th'], leadership: 'Team captain',
      description: 'Built a rover', hoursPerWeek: '10+',
    }]);
    expect(entry.getByRole('button', { name: 'Remove activity 1: Robotics' })).toBeInTheDocument();
  });

  it('removes the named entry and keeps the others', async () => {
    const { user, store } = openStep4();
    const add = screen.getByRole('button', { name: 'Add activity' });
    await user.click(add);
    await user.selectOptions(within(entries()[0]!).getByRole('combobox', { name: 'Category' }), 'sports');
    await user.click(add);
    await user.selectOptions(within(entries()[1]!).getByRole('combobox', { name: 'Category' }), 'religious');
    await user.click(screen.getByRole('button', { name: 'Remove activity 1: Sports' }));
    expect(store.getState().wizard.activitiesAndInvolvement.activities.map((a) => a.category)).toEqual(['religious']);
    expect(entries()).toHaveLength(1);
    expect(within(entries()[0]!).getByRole('combobox', { name: 'Category' })).toHaveValue('religious');
    expect(screen.getByRole('button', { name: 'Add activity' })).toHaveFocus();
    expect(screen.getByText('Removed activity 1: Sports.')).toHaveAttribute('role', 'status');
  });
});
